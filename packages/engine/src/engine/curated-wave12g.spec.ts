import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 12g (issue #11, item 3): interactions a common drug's own US label names that answered nothing or below the
 * label — rules/pairs-wave12g-labels.yaml, classes/wave12g-labels.yaml and the wave12g statements in labels.yaml
 * (tacrolimus, sirolimus, amiodarone, itraconazole, dexamethasone, empagliflozin and the SGLT2 inhibitors, the sulfonylureas), and two older itraconazole pair rules raised to
 * the contraindication the Sporanox label states.
 */
describe('curated knowledge base: wave 12g label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Tacrolimus (Prograf): named level-raising drugs, mycophenolate, sirolimus (1.4), ganciclovir, weak CYP3A4 modulators.
    ['tacrolimus', 'bromocriptine', 'wave12g-tacrolimus--label-level-raising-drugs', 'moderate'],
    ['tacrolimus', 'danazol', 'wave12g-tacrolimus--label-level-raising-drugs', 'moderate'],
    ['tacrolimus', 'lansoprazole', 'wave12g-tacrolimus--label-level-raising-drugs', 'moderate'],
    ['Prograf', 'Reglan', 'wave12g-tacrolimus--label-level-raising-drugs', 'moderate'],
    ['tacrolimus', 'nicardipine', 'wave12g-tacrolimus--label-level-raising-drugs', 'moderate'],
    ['tacrolimus', 'mycophenolate', 'wave12g-tacrolimus--mycophenolic-acid', 'moderate'],
    ['tacrolimus', 'mycophenolic-acid', 'wave12g-tacrolimus--mycophenolic-acid', 'moderate'],
    ['tacrolimus', 'sirolimus', 'wave12g-tacrolimus--sirolimus', 'major'],
    ['tacrolimus', 'ganciclovir', 'wave12g-tacrolimus--ganciclovir', 'moderate'],
    ['tacrolimus', 'amlodipine', 'wave12g-tacrolimus--weak-cyp3a4-inhibitors', 'moderate'],
    ['tacrolimus', 'ticagrelor', 'wave12g-tacrolimus--weak-cyp3a4-inhibitors', 'moderate'],
    ['tacrolimus', 'dexamethasone', 'wave12g-tacrolimus--weak-cyp3a4-inducers', 'moderate'],
    ['tacrolimus', 'oxcarbazepine', 'wave12g-tacrolimus--weak-cyp3a4-inducers', 'moderate'],
    // Sirolimus (Rapamune): erythromycin (7.2), named level-raising drugs and weak CYP3A4 modulators (7.4).
    ['sirolimus', 'erythromycin', 'wave12g-sirolimus--erythromycin', 'major'],
    ['Rapamune', 'Ery-Tab', 'wave12g-sirolimus--erythromycin', 'major'],
    ['sirolimus', 'bromocriptine', 'wave12g-sirolimus--label-level-raising-drugs', 'moderate'],
    ['sirolimus', 'danazol', 'wave12g-sirolimus--label-level-raising-drugs', 'moderate'],
    ['sirolimus', 'metoclopramide', 'wave12g-sirolimus--label-level-raising-drugs', 'moderate'],
    ['sirolimus', 'nicardipine', 'wave12g-sirolimus--label-level-raising-drugs', 'moderate'],
    ['sirolimus', 'cimetidine', 'wave12g-sirolimus--weak-cyp3a4-inhibitors', 'moderate'],
    ['sirolimus', 'amlodipine', 'wave12g-sirolimus--weak-cyp3a4-inhibitors', 'moderate'],
    ['sirolimus', 'dexamethasone', 'wave12g-sirolimus--weak-cyp3a4-inducers', 'moderate'],
    ['sirolimus', 'topiramate', 'wave12g-sirolimus--weak-cyp3a4-inducers', 'moderate'],
    // Amiodarone 7 (Table 1): negative chronotropes, CYP450 inhibitors, level-lowering drugs, statins, halogenated anaesthetics.
    ['amiodarone', 'clonidine', 'wave12g-amiodarone--negative-chronotropes', 'moderate'],
    ['Pacerone', 'ivabradine', 'wave12g-amiodarone--negative-chronotropes', 'moderate'],
    ['amiodarone', 'cimetidine', 'wave12g-amiodarone--exposure-raising-drugs', 'major'],
    ['amiodarone', 'isavuconazonium', 'wave12g-amiodarone--exposure-raising-drugs', 'major'],
    ['amiodarone', 'st-johns-wort', 'wave12g-amiodarone--level-lowering-drugs', 'moderate'],
    ['amiodarone', 'cholestyramine', 'wave12g-amiodarone--level-lowering-drugs', 'moderate'],
    ['amiodarone', 'atorvastatin', 'wave12g-amiodarone--atorvastatin', 'moderate'],
    ['amiodarone', 'isoflurane', 'wave12g-amiodarone--halogenated-anesthetics', 'major'],
    ['amiodarone', 'desflurane', 'wave12g-amiodarone--halogenated-anesthetics', 'major'],
    // Itraconazole (Sporanox 4): contraindicated CYP3A4 substrates that answered below the label.
    ['itraconazole', 'methadone', 'wave12g-itraconazole--contraindicated-substrates', 'contraindicated'],
    ['Sporanox', 'disopyramide', 'wave12g-itraconazole--contraindicated-substrates', 'contraindicated'],
    ['itraconazole', 'quinidine', 'wave12g-itraconazole--contraindicated-substrates', 'contraindicated'],
    ['itraconazole', 'isavuconazonium', 'wave12g-itraconazole--contraindicated-substrates', 'contraindicated'],
    ['itraconazole', 'irinotecan', 'wave12g-itraconazole--contraindicated-substrates', 'contraindicated'],
    ['itraconazole', 'felodipine', 'wave12g-itraconazole--contraindicated-substrates', 'contraindicated'],
    ['itraconazole', 'nisoldipine', 'wave12g-itraconazole--contraindicated-substrates', 'contraindicated'],
    ['itraconazole', 'avanafil', 'wave12g-itraconazole--contraindicated-substrates', 'contraindicated'],
    ['itraconazole', 'finerenone', 'wave12g-itraconazole--contraindicated-substrates', 'contraindicated'],
    ['itraconazole', 'voclosporin', 'wave12g-itraconazole--contraindicated-substrates', 'contraindicated'],
    ['itraconazole', 'dofetilide', 'dofetilide--itraconazole', 'contraindicated'], // raised from major
    ['itraconazole', 'ticagrelor', 'ticagrelor--itraconazole', 'contraindicated'], // raised from major
    // Dexamethasone: anticholinesterases used in myasthenia gravis.
    ['dexamethasone', 'pyridostigmine', 'wave12g-dexamethasone--myasthenia-anticholinesterases', 'moderate'],
    ['Decadron', 'neostigmine', 'wave12g-dexamethasone--myasthenia-anticholinesterases', 'moderate'],
    // Empagliflozin (Jardiance 7): non-loop diuretics; SGLT2 inhibitors with lithium.
    ['empagliflozin', 'hydrochlorothiazide', 'wave12g-empagliflozin--diuretics', 'moderate'],
    ['Jardiance', 'chlorthalidone', 'wave12g-empagliflozin--diuretics', 'moderate'],
    ['empagliflozin', 'spironolactone', 'wave12g-empagliflozin--diuretics', 'moderate'],
    ['empagliflozin', 'lithium', 'wave12g-sglt2-inhibitors--lithium', 'moderate'],
    ['dapagliflozin', 'lithium', 'wave12g-sglt2-inhibitors--lithium', 'moderate'],
    ['Synjardy', 'lithium', 'wave12g-sglt2-inhibitors--lithium', 'moderate'],
    // Sulfonylureas (Glucotrol XL, Amaryl): coumarins and probenecid potentiate hypoglycaemia.
    ['glipizide', 'warfarin', 'wave12g-sulfonylureas--label-potentiators', 'moderate'],
    ['Amaryl', 'Coumadin', 'wave12g-sulfonylureas--label-potentiators', 'moderate'],
    ['glyburide', 'warfarin', 'wave12g-sulfonylureas--label-potentiators', 'moderate'],
    ['glipizide', 'probenecid', 'wave12g-sulfonylureas--label-potentiators', 'moderate'],
    // Older, at-least-as-severe answers keep precedence.
    ['glipizide', 'fluconazole', 'glipizide--fluconazole', 'moderate'],
    ['glipizide', 'sulfamethoxazole', 'glipizide--sulfamethoxazole', 'moderate'],
    ['empagliflozin', 'furosemide', 'sglt2-inhibitors--loop-diuretics', 'moderate'],
    ['empagliflozin', 'glipizide', 'hypoglycemia-label-antidiabetics--insulin-secretagogues-and-insulins', 'moderate'],
    ['dexamethasone', 'rilpivirine', 'rilpivirine--dexamethasone', 'contraindicated'],
    ['dexamethasone', 'warfarin', 'warfarin--systemic-corticosteroids', 'moderate'],
    ['itraconazole', 'simvastatin', 'simvastatin--itraconazole', 'contraindicated'],
    ['itraconazole', 'dronedarone', 'dronedarone--itraconazole', 'contraindicated'],
    ['itraconazole', 'triazolam', 'triazolam--itraconazole', 'contraindicated'],
    ['amiodarone', 'simvastatin', 'simvastatin--amiodarone', 'major'],
    ['amiodarone', 'digoxin', 'digoxin--amiodarone', 'major'],
    ['amiodarone', 'sevoflurane', 'qt-known-risk--qt-known-risk', 'major'],
    ['amiodarone', 'atenolol', 'amiodarone--atenolol', 'moderate'],
    ['amiodarone', 'diltiazem', 'amiodarone--diltiazem', 'moderate'],
    ['amiodarone', 'darunavir', 'amiodarone--hiv-protease-inhibitors', 'major'],
    ['amiodarone', 'thioridazine', 'thioridazine--amiodarone', 'contraindicated'],
    ['tacrolimus', 'ketoconazole', 'tacrolimus--ketoconazole', 'major'],
    ['tacrolimus', 'rifampin', 'tacrolimus--rifampin', 'major'],
    ['tacrolimus', 'cyclosporine', 'wave10e-cyclosporine--tacrolimus', 'major'],
    ['tacrolimus', 'nelfinavir', 'strong-cyp3a4-inhibitors--cyp3a4-immunosuppressants', 'major'],
    ['tacrolimus', 'spironolactone', 'spironolactone--tacrolimus', 'major'],
    ['sirolimus', 'voriconazole', 'voriconazole--sirolimus', 'contraindicated'],
    ['sirolimus', 'clarithromycin', 'strong-cyp3a4-inhibitors--cyp3a4-immunosuppressants', 'major'],
    ['sirolimus', 'rifabutin', 'rifabutin--sirolimus', 'major'],
    ['sirolimus', 'diltiazem', 'cyp3a4-moderate-inhibitor--sensitive-substrate', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // One answer per pair: the new rules replace the generic weak-inhibitor template instead of adding to it.
  it.each<[string, string, string]>([
    ['tacrolimus', 'sirolimus', 'wave12g-tacrolimus--sirolimus'],
    ['tacrolimus', 'bromocriptine', 'wave12g-tacrolimus--label-level-raising-drugs'],
    ['tacrolimus', 'amlodipine', 'wave12g-tacrolimus--weak-cyp3a4-inhibitors'],
    ['sirolimus', 'erythromycin', 'wave12g-sirolimus--erythromycin'],
    ['sirolimus', 'cimetidine', 'wave12g-sirolimus--weak-cyp3a4-inhibitors'],
    ['tacrolimus', 'rifampin', 'tacrolimus--rifampin'],
    ['amiodarone', 'ivabradine', 'wave12g-amiodarone--negative-chronotropes'],
    ['amiodarone', 'isavuconazonium', 'wave12g-amiodarone--exposure-raising-drugs'],
    ['amiodarone', 'atorvastatin', 'wave12g-amiodarone--atorvastatin'],
    // The contraindication replaces the older class answers (opioid boxed warning, QT class rule) on the same tags.
    ['itraconazole', 'methadone', 'wave12g-itraconazole--contraindicated-substrates'],
    ['itraconazole', 'quinidine', 'wave12g-itraconazole--contraindicated-substrates'],
    ['itraconazole', 'isavuconazonium', 'wave12g-itraconazole--contraindicated-substrates'],
  ])('%s + %s: only %s', (a, b, ruleId) => {
    expect(curated.findings(a, b).map(([id]) => id)).toEqual([ruleId]);
  });

  // Specificity: partners the labels do not name stay silent.
  it.each<[string, string]>([
    ['tacrolimus', 'pantoprazole'], // the label names lansoprazole (CYP2C19 poor metabolizers) only
    ['tacrolimus', 'valganciclovir'], // the label's nephrotoxic example is ganciclovir
    ['tacrolimus', 'metformin'],
    ['tacrolimus', 'levetiracetam'],
    ['sirolimus', 'azithromycin'], // the label's macrolides to avoid are erythromycin, clarithromycin, telithromycin
    ['sirolimus', 'felodipine'], // the label names nicardipine among the dihydropyridines
    ['sirolimus', 'pantoprazole'],
    ['sirolimus', 'levetiracetam'],
    ['sirolimus', 'prednisone'],
    ['amiodarone', 'famotidine'], // the label's H2 blocker is cimetidine
    ['amiodarone', 'rosuvastatin'], // not CYP3A4-cleared, not named
    ['amiodarone', 'colestipol'], // the label names cholestyramine
    ['amiodarone', 'guanfacine'], // the label's alpha-2 agonist is clonidine
    ['dexamethasone', 'donepezil'], // a dementia anticholinesterase: not the myasthenia statement
    ['empagliflozin', 'eplerenone'], // not used as a diuretic
    ['empagliflozin', 'metformin'],
    ['glipizide', 'apixaban'], // the labels name coumarins, not the direct oral anticoagulants
    ['glimepiride', 'rivaroxaban'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // The weak-modulator statements and the itraconazole contraindications do not escalate routine combinations.
  it.each<[string, string]>([
    ['itraconazole', 'amlodipine'], // not contraindicated by the itraconazole label
    ['itraconazole', 'nifedipine'],
    ['tacrolimus', 'amlodipine'],
    ['tacrolimus', 'dexamethasone'],
    ['empagliflozin', 'hydrochlorothiazide'],
    ['sirolimus', 'amlodipine'],
  ])('%s + %s: nothing above moderate', (a, b) => {
    expect(['moderate', 'minor', undefined]).toContain(curated.worst(a, b));
  });

  it('empagliflozin with a thiazide states volume depletion beside the older glucose finding (two mechanisms)', () => {
    expect(curated.findings('empagliflozin', 'hydrochlorothiazide').map(([id]) => id)).toEqual(['thiazide-diuretics--glucose-lowering-drugs', 'wave12g-empagliflozin--diuretics']); // both moderate since wave 13e raised the thiazide glucose rule
    // The rule is empagliflozin's own label statement: dapagliflozin with a thiazide keeps the glucose finding alone.
    expect(curated.findings('dapagliflozin', 'hydrochlorothiazide').map(([id]) => id)).toEqual(['thiazide-diuretics--glucose-lowering-drugs']);
  });
});
