import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 11a (issue #11, item 3): interactions a common CNS drug's own US label names that answered nothing or too
 * low — rules/pairs-wave11a-labels.yaml, classes/wave11a-labels.yaml and the wave 11a statements in labels.yaml
 * (aripiprazole, quetiapine, trazodone, sertraline, escitalopram, citalopram, duloxetine, venlafaxine,
 * oxcarbazepine, clonidine).
 */
describe('curated knowledge base: wave 11a label-named interactions of common CNS drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Abilify 7.1, Seroquel 7, Desyrel 5: antihypertensive drugs.
    ['aripiprazole', 'lisinopril', 'wave11a-hypotensive-cns-drugs--antihypertensives', 'moderate'],
    ['Abilify', 'amlodipine', 'wave11a-hypotensive-cns-drugs--antihypertensives', 'moderate'],
    ['quetiapine', 'losartan', 'wave11a-hypotensive-cns-drugs--antihypertensives', 'moderate'],
    ['trazodone', 'hydrochlorothiazide', 'wave11a-hypotensive-cns-drugs--antihypertensives', 'moderate'],
    ['Desyrel', 'prazosin', 'wave11a-hypotensive-cns-drugs--antihypertensives', 'moderate'],
    // Abilify 7.1: benzodiazepines (lorazepam).
    ['aripiprazole', 'lorazepam', 'wave11a-aripiprazole--benzodiazepines', 'moderate'],
    // Seroquel 5: avoid with other QT-prolonging drugs.
    ['quetiapine', 'moxifloxacin', 'wave11a-quetiapine--label-qt-drugs', 'major'],
    ['Seroquel', 'ziprasidone', 'wave11a-quetiapine--label-qt-drugs', 'major'],
    ['quetiapine', 'pentamidine', 'wave11a-quetiapine--label-qt-drugs', 'major'],
    // Zoloft 7 and Lexapro 7: CYP2D6 substrates; Zoloft 4: disulfiram with the oral concentrate.
    ['sertraline', 'metoprolol', 'wave11a-sertraline--cyp2d6-substrates', 'moderate'],
    ['Zoloft', 'flecainide', 'wave11a-sertraline--cyp2d6-substrates', 'moderate'],
    ['sertraline', 'tolterodine', 'wave11a-sertraline--cyp2d6-substrates', 'moderate'],
    ['escitalopram', 'metoprolol', 'wave11a-escitalopram--cyp2d6-substrates', 'moderate'],
    ['Lexapro', 'desipramine', 'wave11a-escitalopram--cyp2d6-substrates', 'moderate'],
    ['sertraline', 'disulfiram', 'wave11a-sertraline--disulfiram', 'major'],
    // Celexa 2: 20 mg/day cap with a CYP2C19 inhibitor (label statement).
    ['citalopram', 'voriconazole', 'wave11a-citalopram--cyp2c19-inhibitors', 'moderate'],
    ['Celexa', 'fluvoxamine', 'wave11a-citalopram--cyp2c19-inhibitors', 'moderate'],
    // Cymbalta 7: narrow-margin CYP2D6 substrates; 5: substantial alcohol use.
    ['duloxetine', 'flecainide', 'wave11a-duloxetine--narrow-cyp2d6-substrates', 'moderate'],
    ['Cymbalta', 'amitriptyline', 'wave11a-duloxetine--narrow-cyp2d6-substrates', 'moderate'],
    ['duloxetine', 'perphenazine', 'wave11a-duloxetine--narrow-cyp2d6-substrates', 'moderate'],
    ['duloxetine', 'ethanol', 'wave11a-duloxetine--ethanol', 'major'],
    // Effexor XR 7: metoprolol, cimetidine, CYP3A4 inhibitors (label statement).
    ['venlafaxine', 'metoprolol', 'wave11a-venlafaxine--metoprolol', 'moderate'],
    ['Effexor XR', 'cimetidine', 'wave11a-venlafaxine--cimetidine', 'moderate'],
    ['venlafaxine', 'ketoconazole', 'wave11a-venlafaxine--strong-cyp3a4-inhibitors', 'moderate'],
    // Desyrel 7: digoxin and phenytoin levels.
    ['trazodone', 'digoxin', 'wave11a-trazodone--level-monitored-drugs', 'moderate'],
    ['trazodone', 'phenytoin', 'wave11a-trazodone--level-monitored-drugs', 'moderate'],
    // Trileptal 7 / Oxtellar XR 2: inducing antiepileptics; Trileptal 5: sodium-lowering drugs.
    ['oxcarbazepine', 'phenytoin', 'wave11a-oxcarbazepine--enzyme-inducing-aeds', 'moderate'],
    ['Trileptal', 'carbamazepine', 'wave11a-oxcarbazepine--enzyme-inducing-aeds', 'moderate'],
    ['oxcarbazepine', 'phenobarbital', 'wave11a-oxcarbazepine--enzyme-inducing-aeds', 'moderate'],
    ['oxcarbazepine', 'hydrochlorothiazide', 'wave11a-oxcarbazepine--sodium-lowering-drugs', 'moderate'],
    ['oxcarbazepine', 'sertraline', 'wave11a-oxcarbazepine--sodium-lowering-drugs', 'moderate'],
    ['oxcarbazepine', 'desmopressin', 'wave11a-oxcarbazepine--sodium-lowering-drugs', 'moderate'],
    // Catapres / Kapvay: drugs affecting the sinus node or AV conduction.
    ['clonidine', 'verapamil', 'wave11a-clonidine--av-nodal-drugs', 'moderate'],
    ['Catapres', 'digoxin', 'wave11a-clonidine--av-nodal-drugs', 'moderate'],
    ['clonidine', 'diltiazem', 'wave11a-clonidine--av-nodal-drugs', 'moderate'],
    // More specific or more severe existing rules keep answering.
    ['citalopram', 'omeprazole', 'citalopram--omeprazole', 'moderate'],
    ['citalopram', 'cimetidine', 'citalopram--cimetidine', 'moderate'],
    ['duloxetine', 'thioridazine', 'thioridazine--duloxetine', 'major'],
    ['duloxetine', 'ciprofloxacin', 'duloxetine--ciprofloxacin', 'major'],
    ['quetiapine', 'amiodarone', 'qt-high-risk--qt-prolonging-agents', 'major'],
    ['quetiapine', 'ketoconazole', 'quetiapine--ketoconazole', 'major'],
    ['aripiprazole', 'fluoxetine', 'aripiprazole--fluoxetine', 'moderate'],
    ['clonidine', 'metoprolol', 'clonidine--metoprolol', 'moderate'],
    ['trazodone', 'carbamazepine', 'wave9c-trazodone--strong-cyp3a4-inducers', 'moderate'],
    ['venlafaxine', 'paroxetine', 'wave9c-venlafaxine--cyp2d6-inhibitors', 'minor'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Specificity: partners the labels do not name stay silent.
  it.each<[string, string]>([
    ['aripiprazole', 'famotidine'], // Abilify 7.2: no clinically important interaction
    ['quetiapine', 'lithium'], // Seroquel: no effect on lithium
    ['sertraline', 'lisinopril'], // no antihypertensive statement in SSRI labels
    ['escitalopram', 'cimetidine'], // Lexapro reports a rise without a recommendation
    ['escitalopram', 'omeprazole'],
    ['citalopram', 'metoprolol'], // Celexa reports a rise without a recommendation
    ['desvenlafaxine', 'metoprolol'], // no clinically relevant CYP2D6 effect at usual doses
    ['venlafaxine', 'atenolol'], // only metoprolol is named
    ['venlafaxine', 'diltiazem'], // strong CYP3A4 inhibitors only
    ['duloxetine', 'famotidine'], // Cymbalta: acid-reducing drugs had no significant effect
    ['oxcarbazepine', 'levetiracetam'],
    ['oxcarbazepine', 'lamotrigine'],
    ['clonidine', 'amlodipine'], // dihydropyridines do not slow AV conduction
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // Partners the labels do not name keep their previous, lower answer.
  it.each<[string, string, string]>([
    ['quetiapine', 'ondansetron', 'moderate'], // not a named QT drug: the additive QT domain answers
    ['quetiapine', 'levofloxacin', 'moderate'],
    ['risperidone', 'moxifloxacin', 'moderate'], // the risperidone label has no avoidance statement
    ['clonidine', 'lisinopril', 'none'], // the Catapres label combines clonidine with other antihypertensives
  ])('%s + %s: stays %s', (a, b, expected) => {
    expect(curated.worst(a, b) ?? 'none').toBe(expected);
  });
});
