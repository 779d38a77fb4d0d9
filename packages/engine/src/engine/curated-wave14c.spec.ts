import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 14c (label audit): interactions a common drug's own US label names that answered nothing or below the label —
 * rules/pairs-wave14c-labels.yaml and classes/wave14c-labels.yaml (the tricyclic labels: amitriptyline, Pamelor,
 * Sinequan/Silenor; Lyrica, promethazine, Adipex-P, Fioricet, Intuniv, Antivert), and one older class rule raised to
 * the label's grade (thyroid hormones + tricyclics).
 */
describe('curated knowledge base: wave 14c label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Tricyclics (Precautions, drugs metabolized by P450 2D6): cimetidine, SSRIs, phenothiazines, type 1C agents.
    ['amitriptyline', 'cimetidine', 'wave14c-tcas--label-cyp2d6-drugs', 'moderate'],
    ['Elavil', 'Zoloft', 'wave14c-tcas--label-cyp2d6-drugs', 'moderate'],
    ['nortriptyline', 'citalopram', 'wave14c-tcas--label-cyp2d6-drugs', 'moderate'],
    ['Pamelor', 'Lexapro', 'wave14c-tcas--label-cyp2d6-drugs', 'moderate'],
    ['nortriptyline', 'chlorpromazine', 'wave14c-tcas--label-cyp2d6-drugs', 'moderate'],
    ['Sinequan', 'flecainide', 'wave14c-tcas--label-cyp2d6-drugs', 'moderate'],
    ['doxepin', 'propafenone', 'wave14c-tcas--label-cyp2d6-drugs', 'moderate'],
    ['Silenor', 'Zoloft', 'wave14c-tcas--label-cyp2d6-drugs', 'moderate'],
    ['imipramine', 'fluvoxamine', 'wave14c-tcas--label-cyp2d6-drugs', 'moderate'],
    ['amitriptyline', 'Tagamet', 'wave14c-tcas--label-cyp2d6-drugs', 'moderate'],
    // Tricyclics + thyroid medication (Elavil warnings: close supervision).
    ['amitriptyline', 'levothyroxine', 'thyroid-hormones--tcas', 'moderate'], // raised from minor
    ['Synthroid', 'Pamelor', 'thyroid-hormones--tcas', 'moderate'], // raised from minor
    ['doxepin', 'liothyronine', 'thyroid-hormones--tcas', 'moderate'], // raised from minor
    // Amitriptyline + disulfiram (Elavil warnings: delirium reported, no action).
    ['amitriptyline', 'disulfiram', 'wave14c-amitriptyline--disulfiram', 'minor'],
    ['Elavil', 'Antabuse', 'wave14c-amitriptyline--disulfiram', 'minor'],
    // Pregabalin (Lyrica 5.1): ACE inhibitors and angioedema.
    ['pregabalin', 'lisinopril', 'wave14c-pregabalin--ace-inhibitors', 'minor'],
    ['Lyrica', 'Vasotec', 'wave14c-pregabalin--ace-inhibitors', 'minor'],
    // Promethazine: epinephrine not for promethazine-induced hypotension.
    ['promethazine', 'epinephrine', 'wave14c-promethazine--epinephrine', 'moderate'],
    ['Phenergan', 'EpiPen', 'wave14c-promethazine--epinephrine', 'moderate'],
    // Phentermine (Adipex-P 5.1, 5.9, 7.2, 7.3).
    ['phentermine', 'orlistat', 'wave14c-phentermine--weight-loss-drugs', 'major'],
    ['Adipex-P', 'Xenical', 'wave14c-phentermine--weight-loss-drugs', 'major'],
    ['Lomaira', 'diethylpropion', 'wave14c-phentermine--weight-loss-drugs', 'major'],
    ['phentermine', 'glipizide', 'wave14c-phentermine--insulin-secretagogues', 'moderate'],
    ['Adipex-P', 'Lantus', 'wave14c-phentermine--insulin-secretagogues', 'moderate'],
    ['phentermine', 'alcohol', 'wave14c-phentermine--ethanol', 'minor'],
    // Butalbital/acetaminophen/caffeine: MAO inhibitors may enhance butalbital (no action).
    ['Fioricet', 'phenelzine', 'wave14c-butalbital--maois', 'minor'],
    ['butalbital', 'selegiline', 'wave14c-butalbital--maois', 'minor'],
    // Guanfacine (Intuniv 7): valproic acid, antihypertensives.
    ['guanfacine', 'valproic acid', 'wave14c-guanfacine--valproate', 'moderate'],
    ['Intuniv', 'Depakote', 'wave14c-guanfacine--valproate', 'moderate'],
    ['guanfacine', 'lisinopril', 'wave14c-guanfacine--antihypertensives', 'moderate'],
    ['Intuniv', 'Norvasc', 'wave14c-guanfacine--antihypertensives', 'moderate'],
    ['Tenex', 'losartan', 'wave14c-guanfacine--antihypertensives', 'moderate'],
    // Meclizine (Antivert 7): CYP2D6 inhibitors.
    ['meclizine', 'paroxetine', 'wave14c-meclizine--cyp2d6-inhibitors', 'moderate'],
    ['Antivert', 'Wellbutrin', 'wave14c-meclizine--cyp2d6-inhibitors', 'moderate'],
    ['meclizine', 'duloxetine', 'wave14c-meclizine--cyp2d6-inhibitors', 'moderate'],
    // Older, at-least-as-severe answers keep precedence.
    ['desipramine', 'paroxetine', 'cyp2d6-strong-inhibitor--sensitive-substrate', 'major'],
    ['amitriptyline', 'fluoxetine', 'amitriptyline--fluoxetine', 'moderate'],
    ['doxepin', 'cimetidine', 'wave10e-doxepin--cimetidine', 'moderate'],
    ['amitriptyline', 'quinidine', 'qt-high-risk--qt-prolonging-agents', 'major'],
    ['amitriptyline', 'phenelzine', 'tcas--maois', 'contraindicated'],
    ['phentermine', 'sertraline', 'wave11c-phentermine--ssri-snri-antidepressants', 'major'],
    ['phentermine', 'phenelzine', 'mao-interacting-sympathomimetics--maois', 'contraindicated'],
    ['pregabalin', 'oxycodone', 'opioids--gabapentinoids', 'major'],
    ['guanfacine', 'metoprolol', 'beta-blockers--guanfacine', 'moderate'],
    ['guanfacine', 'ketoconazole', 'wave9c-guanfacine--strong-cyp3a4-inhibitors', 'moderate'],
    ['dextromethorphan', 'phenelzine', 'mao-contraindicated-opioids--maois', 'contraindicated'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // One answer per pair and mechanism.
  it.each<[string, string, string]>([
    ['amitriptyline', 'cimetidine', 'wave14c-tcas--label-cyp2d6-drugs'],
    ['amitriptyline', 'levothyroxine', 'thyroid-hormones--tcas'],
    ['Intuniv', 'Depakote', 'wave14c-guanfacine--valproate'],
    ['phentermine', 'orlistat', 'wave14c-phentermine--weight-loss-drugs'],
    ['Antivert', 'Wellbutrin', 'wave14c-meclizine--cyp2d6-inhibitors'],
  ])('%s + %s: only %s', (a, b, ruleId) => {
    expect(curated.findings(a, b).map(([id]) => id)).toEqual([ruleId]);
  });

  // Specificity: partners the labels do not name stay silent.
  it.each<[string, string]>([
    ['amitriptyline', 'famotidine'], // the labels name cimetidine, not other H2 blockers
    ['pregabalin', 'losartan'], // Lyrica 5.1 names ACE inhibitors
    ['phentermine', 'metformin'], // no hypoglycaemia from metformin alone (see header)
    ['phentermine', 'semaglutide'], // GLP-1 agonists left out (diabetes products share the ingredient)
    ['meclizine', 'sertraline'], // weak CYP2D6 inhibitor
    ['promethazine', 'norepinephrine'],
    ['guanfacine', 'furosemide'], // loop diuretics are not in the antihypertensive list used
    ['Fioricet', 'lisinopril'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // The new rules do not escalate routine combinations.
  it.each<[string, string]>([
    ['amitriptyline', 'sertraline'],
    ['pregabalin', 'lisinopril'],
    ['guanfacine', 'amlodipine'],
    ['meclizine', 'bupropion'],
    ['phentermine', 'alcohol'],
  ])('%s + %s: nothing above moderate', (a, b) => {
    expect(['moderate', 'minor', undefined]).toContain(curated.worst(a, b));
  });
});
