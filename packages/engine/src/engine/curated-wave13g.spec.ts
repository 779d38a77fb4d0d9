import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 13g (label audit): interactions a common drug's own US label names that answered nothing or below the label —
 * rules/pairs-wave13g-labels.yaml, classes/wave13g-labels.yaml and the wave13g statement in labels.yaml (risperidone,
 * haloperidol, ziprasidone, carbidopa/levodopa, ropinirole, pramipexole, donepezil, memantine, methylphenidate,
 * atomoxetine; olanzapine, lurasidone and the triptans were already answered at their labels' grades).
 */
describe('curated knowledge base: wave 13g label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Risperidone (Risperdal 7) / methylphenidate labels 7: EPS when either dose changes.
    ['risperidone', 'methylphenidate', 'wave13g-risperidone--methylphenidates', 'moderate'],
    ['Risperdal', 'Ritalin', 'wave13g-risperidone--methylphenidates', 'moderate'],
    ['risperidone', 'dexmethylphenidate', 'wave13g-risperidone--methylphenidates', 'moderate'],
    // Haloperidol (Precautions: Drug Interactions): level-raising drugs that answered minor.
    ['haloperidol', 'fluvoxamine', 'wave13g-haloperidol--label-level-raising-drugs', 'moderate'],
    ['haloperidol', 'buspirone', 'wave13g-haloperidol--label-level-raising-drugs', 'moderate'],
    // Ziprasidone (Geodon 4): named QT-prolonging drugs.
    ['ziprasidone', 'gatifloxacin', 'wave13g-ziprasidone--label-contraindicated-qt-drugs', 'contraindicated'],
    ['Geodon', 'mefloquine', 'wave13g-ziprasidone--label-contraindicated-qt-drugs', 'contraindicated'],
    ['ziprasidone', 'dolasetron', 'wave13g-ziprasidone--label-contraindicated-qt-drugs', 'contraindicated'],
    // Carbidopa/levodopa (Sinemet: Drug Interactions).
    ['Sinemet', 'isoniazid', 'wave13g-levodopa--label-response-reducing-drugs', 'moderate'],
    ['levodopa', 'phenytoin', 'wave13g-levodopa--label-response-reducing-drugs', 'moderate'],
    ['levodopa', 'fosphenytoin', 'wave13g-levodopa--label-response-reducing-drugs', 'moderate'],
    ['levodopa', 'reserpine', 'wave13g-levodopa--monoamine-depleting-drugs', 'major'],
    ['Sinemet', 'tetrabenazine', 'wave13g-levodopa--monoamine-depleting-drugs', 'major'],
    ['levodopa', 'selegiline', 'wave13g-levodopa--selegiline', 'moderate'],
    ['levodopa', 'lisinopril', 'wave13g-levodopa--antihypertensives', 'moderate'],
    ['Sinemet', 'metoprolol', 'wave13g-levodopa--antihypertensives', 'moderate'],
    ['levodopa', 'amitriptyline', 'wave13g-levodopa--tcas', 'moderate'],
    // Ropinirole (Requip 7) and pramipexole: CYP1A2, estrogens, levodopa dyskinesia.
    ['ropinirole', 'fluvoxamine', 'wave13g-ropinirole--strong-cyp1a2-inhibitors', 'moderate'],
    ['Requip', 'enoxacin', 'wave13g-ropinirole--strong-cyp1a2-inhibitors', 'moderate'],
    ['ropinirole', 'estradiol', 'wave13g-ropinirole--estrogens', 'moderate'],
    ['ropinirole', 'ethinyl-estradiol', 'wave13g-ropinirole--estrogens', 'moderate'],
    ['Requip', 'Sinemet', 'wave13g-dopamine-agonists--levodopa', 'moderate'],
    ['pramipexole', 'levodopa', 'wave13g-dopamine-agonists--levodopa', 'moderate'],
    // Donepezil (Aricept 5): NSAIDs and GI bleeding.
    ['donepezil', 'ibuprofen', 'wave13g-donepezil--nsaids', 'moderate'],
    ['Aricept', 'naproxen', 'wave13g-donepezil--nsaids', 'moderate'],
    // Memantine (Namenda 7): ketamine among the NMDA antagonists.
    ['memantine', 'ketamine', 'wave13g-memantine--ketamine', 'moderate'],
    // Methylphenidate (Ritalin 7): halogenated anaesthetics, antihypertensives.
    ['methylphenidate', 'sevoflurane', 'wave13g-methylphenidates--halogenated-anesthetics', 'major'],
    ['Focalin', 'isoflurane', 'wave13g-methylphenidates--halogenated-anesthetics', 'major'],
    ['Concerta', 'lisinopril', 'wave13g-methylphenidates--antihypertensives', 'moderate'],
    ['methylphenidate', 'amlodipine', 'wave13g-methylphenidates--antihypertensives', 'moderate'],
    // Atomoxetine (Strattera 7.3, 7.4).
    ['atomoxetine', 'lisinopril', 'wave13g-atomoxetine--blood-pressure-drugs', 'moderate'],
    ['Strattera', 'pseudoephedrine', 'wave13g-atomoxetine--blood-pressure-drugs', 'moderate'],
    ['atomoxetine', 'dopamine', 'wave13g-atomoxetine--blood-pressure-drugs', 'moderate'],
    ['atomoxetine', 'albuterol', 'wave13g-atomoxetine--systemic-beta2-agonists', 'minor'], // below the label: the route is usually inhaled
    ['atomoxetine', 'terbutaline', 'wave13g-atomoxetine--systemic-beta2-agonists', 'minor'],
    // Older, at-least-as-severe answers keep precedence.
    ['ropinirole', 'ciprofloxacin', 'ropinirole--ciprofloxacin', 'moderate'],
    ['ropinirole', 'metoclopramide', 'ropinirole--metoclopramide', 'major'],
    ['levodopa', 'phenelzine', 'phenelzine--levodopa', 'contraindicated'],
    ['levodopa', 'ferrous-sulfate', 'levodopa--iron', 'moderate'],
    ['ziprasidone', 'dofetilide', 'ziprasidone--dofetilide', 'contraindicated'],
    ['lurasidone', 'ketoconazole', 'lurasidone--ketoconazole', 'contraindicated'],
    ['methylphenidate', 'phenelzine', 'mao-interacting-sympathomimetics--maois', 'contraindicated'],
    ['atomoxetine', 'paroxetine', 'atomoxetine--paroxetine', 'moderate'],
    ['sumatriptan', 'phenelzine', 'mao-metabolized-triptans--mao-a-inhibitors', 'contraindicated'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // One answer per pair where the new rule is the only mechanism.
  it.each<[string, string, string]>([
    ['risperidone', 'methylphenidate', 'wave13g-risperidone--methylphenidates'],
    ['haloperidol', 'fluvoxamine', 'wave13g-haloperidol--label-level-raising-drugs'],
    ['ziprasidone', 'gatifloxacin', 'wave13g-ziprasidone--label-contraindicated-qt-drugs'],
    ['levodopa', 'tetrabenazine', 'wave13g-levodopa--monoamine-depleting-drugs'],
    ['ropinirole', 'fluvoxamine', 'wave13g-ropinirole--strong-cyp1a2-inhibitors'],
  ])('%s + %s: only %s', (a, b, ruleId) => {
    expect(curated.findings(a, b).map(([id]) => id)).toEqual([ruleId]);
  });

  // Specificity: partners the labels do not name stay silent.
  it.each<[string, string]>([
    ['risperidone', 'amphetamine'], // the labels name the methylphenidate-type stimulants only
    ['levodopa', 'levetiracetam'], // the label's antiepileptic is phenytoin
    ['levodopa', 'valproate'],
    ['levodopa', 'rasagiline'], // the Sinemet label names selegiline
    ['levodopa', 'sertraline'], // the label names tricyclics, not SSRIs
    ['ropinirole', 'norethindrone'], // a progestin, not an estrogen
    ['ropinirole', 'isoniazid'], // isoniazid is the levodopa label's drug
    ['donepezil', 'acetaminophen'],
    ['donepezil', 'aspirin'], // the label's class is the NSAIDs
    ['rivastigmine', 'ibuprofen'], // donepezil's own warning (siblingNote)
    ['memantine', 'esketamine'], // the label names ketamine
    ['methylphenidate', 'propofol'], // not a halogenated anaesthetic
    ['amphetamine', 'lisinopril'], // not part of the methylphenidate labels
    ['atomoxetine', 'salmeterol'], // inhaled long-acting beta-2 agonist
    ['atomoxetine', 'formoterol'],
    ['atomoxetine', 'fluticasone'],
    ['olanzapine', 'estradiol'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // The new answers do not escalate routine combinations beyond what the labels say.
  it.each<[string, string]>([
    ['levodopa', 'lisinopril'],
    ['levodopa', 'selegiline'], // a licensed adjunct
    ['pramipexole', 'levodopa'], // a standard adjunct regimen
    ['atomoxetine', 'albuterol'],
    ['methylphenidate', 'amlodipine'],
  ])('%s + %s: nothing above moderate', (a, b) => {
    expect(['moderate', 'minor', undefined]).toContain(curated.worst(a, b));
  });

  it('haloperidol with buspirone is one finding: the haloperidol label (the minor buspirone-label note now covers diazepam only)', () => {
    expect(curated.findings('haloperidol', 'buspirone')).toEqual([['wave13g-haloperidol--label-level-raising-drugs', 'moderate']]);
  });
});
