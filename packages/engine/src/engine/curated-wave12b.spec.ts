import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 12b (issue #11, item 3): interactions a common drug's own US label names that answered nothing —
 * rules/pairs-wave12b-labels.yaml and classes/wave12b-labels.yaml (lamotrigine, topiramate, valproate, phenytoin,
 * lithium, allopurinol, spironolactone).
 */
describe('curated knowledge base: wave 12b label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Lamictal 7 (Table 13): phenobarbital/primidone and the ritonavir-boosted protease inhibitors lower lamotrigine.
    ['lamotrigine', 'phenobarbital', 'wave12b-lamotrigine--barbiturates', 'moderate'],
    ['Lamictal', 'primidone', 'wave12b-lamotrigine--barbiturates', 'moderate'],
    ['lamotrigine', 'ritonavir', 'wave12b-lamotrigine--ritonavir', 'moderate'],
    ['lamotrigine', 'Kaletra', 'wave12b-lamotrigine--ritonavir', 'moderate'],
    // Topamax 7.1: phenytoin and carbamazepine lower topiramate.
    ['topiramate', 'phenytoin', 'wave12b-topiramate--inducing-aeds', 'moderate'],
    ['Topamax', 'carbamazepine', 'wave12b-topiramate--inducing-aeds', 'moderate'],
    // Depakote 7.1: estrogen-containing contraceptives, felbamate, rifampin.
    ['valproate', 'ethinyl-estradiol', 'wave12b-valproate--estrogen-contraceptives', 'moderate'],
    ['divalproex', 'mestranol', 'wave12b-valproate--estrogen-contraceptives', 'moderate'],
    ['Depakote', 'felbamate', 'wave12b-valproate--felbamate', 'moderate'],
    ['valproate', 'rifampin', 'wave12b-valproate--rifampin', 'moderate'],
    // Lithium 7: calcium channel blockers, lithium-lowering drugs, neuromuscular blockers, potassium-sparing diuretics.
    ['lithium', 'amlodipine', 'wave12b-lithium--ccbs', 'moderate'],
    ['lithium', 'diltiazem', 'wave12b-lithium--ccbs', 'moderate'],
    ['lithium', 'acetazolamide', 'wave12b-lithium--lithium-lowering-drugs', 'moderate'],
    ['lithium', 'aminophylline', 'wave12b-lithium--lithium-lowering-drugs', 'moderate'],
    ['lithium', 'succinylcholine', 'wave12b-lithium--neuromuscular-blockers', 'moderate'],
    ['lithium', 'rocuronium', 'wave12b-lithium--neuromuscular-blockers', 'moderate'],
    // Aldactone 7.2 (and the lithium label's diuretic row); 7.5 cholestyramine; 7.6 acetylsalicylic acid.
    ['lithium', 'spironolactone', 'wave12b-lithium--potassium-sparing-diuretics', 'moderate'],
    ['lithium', 'amiloride', 'wave12b-lithium--potassium-sparing-diuretics', 'moderate'],
    ['Aldactone', 'cholestyramine', 'wave12b-spironolactone--cholestyramine', 'moderate'],
    ['spironolactone', 'aspirin', 'wave12b-spironolactone--aspirin', 'moderate'],
    // Allopurinol 7.1 and 7.2 (Table 3).
    ['allopurinol', 'capecitabine', 'wave12b-allopurinol--capecitabine', 'major'],
    ['allopurinol', 'chlorpropamide', 'wave12b-allopurinol--chlorpropamide', 'moderate'],
    ['allopurinol', 'hydrochlorothiazide', 'wave12b-allopurinol--rash-risk-drugs', 'moderate'],
    ['Zyloprim', 'chlorthalidone', 'wave12b-allopurinol--rash-risk-drugs', 'moderate'],
    ['allopurinol', 'bendamustine', 'wave12b-allopurinol--rash-risk-drugs', 'moderate'],
    // Dilantin 7.1 (Table 2), for phenytoin and its prodrug fosphenytoin.
    ['phenytoin', 'omeprazole', 'wave12b-hydantoins--label-raising-drugs', 'moderate'],
    ['Dilantin', 'felbamate', 'wave12b-hydantoins--label-raising-drugs', 'moderate'],
    ['phenytoin', 'ticlopidine', 'wave12b-hydantoins--label-raising-drugs', 'moderate'],
    ['phenytoin', 'methylphenidate', 'wave12b-hydantoins--label-raising-drugs', 'moderate'],
    ['phenytoin', 'chlorpromazine', 'wave12b-hydantoins--label-raising-drugs', 'moderate'],
    ['phenytoin', 'aspirin', 'wave12b-hydantoins--label-raising-drugs', 'moderate'],
    ['fosphenytoin', 'omeprazole', 'wave12b-hydantoins--label-raising-drugs', 'moderate'],
    ['phenytoin', 'folic-acid', 'wave12b-hydantoins--label-lowering-drugs', 'moderate'],
    ['phenytoin', 'sucralfate', 'wave12b-hydantoins--label-lowering-drugs', 'moderate'],
    ['phenytoin', 'St. John’s wort', 'wave12b-hydantoins--label-lowering-drugs', 'moderate'],
    ['phenytoin', 'calcium carbonate', 'wave12b-phenytoin--label-antacids', 'minor'],
    ['phenytoin', 'aluminum hydroxide', 'wave12b-phenytoin--label-antacids', 'minor'],
    // Older rules that already answer at the label's grade or above keep answering.
    ['lamotrigine', 'valproate', 'lamotrigine--valproate', 'major'],
    ['lamotrigine', 'carbamazepine', 'lamotrigine--carbamazepine', 'moderate'],
    ['topiramate', 'valproate', 'valproate--topiramate', 'moderate'],
    ['valproate', 'meropenem', 'valproate--meropenem', 'major'],
    ['lithium', 'verapamil', 'lithium--verapamil', 'moderate'],
    ['lithium', 'hydrochlorothiazide', 'lithium--hydrochlorothiazide', 'major'],
    ['lithium', 'theophylline', 'lithium--theophylline', 'moderate'],
    ['allopurinol', 'azathioprine', 'azathioprine--allopurinol', 'major'],
    ['allopurinol', 'didanosine', 'didanosine--allopurinol', 'contraindicated'],
    ['phenytoin', 'fluconazole', 'phenytoin--fluconazole', 'major'],
    ['phenytoin', 'cimetidine', 'phenytoin--cimetidine', 'moderate'],
    ['spironolactone', 'potassium-chloride', 'potassium--spironolactone', 'major'],
    ['spironolactone', 'digoxin', 'digoxin--spironolactone', 'minor'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // One answer per pair and mechanism: the new class rules leave out partners an older rule already answers.
  it.each<[string, string, string]>([
    ['lithium', 'verapamil', 'lithium--verapamil'],
    ['lithium', 'theophylline', 'lithium--theophylline'],
    ['lamotrigine', 'rifampin', 'lamotrigine--rifampin'],
    ['lamotrigine', 'ethinyl-estradiol', 'lamotrigine--ethinyl-estradiol'],
    ['allopurinol', 'amoxicillin', 'allopurinol--amoxicillin'],
    ['allopurinol', 'cyclosporine', 'wave10e-cyclosporine--label-raising-drugs'],
    ['phenytoin', 'sertraline', 'inducer-lowered-ssris--ssri-lowering-inducers'],
    ['valproate', 'lamotrigine', 'lamotrigine--valproate'],
    ['lamotrigine', 'phenobarbital', 'wave12b-lamotrigine--barbiturates'],
    ['valproate', 'felbamate', 'wave12b-valproate--felbamate'],
  ])('%s + %s: only %s', (a, b, ruleId) => {
    expect(curated.findings(a, b).map(([id]) => id)).toEqual([ruleId]);
  });

  // Specificity: partners the labels do not name stay silent.
  it.each<[string, string]>([
    ['lamotrigine', 'atazanavir'], // unboosted atazanavir barely changes lamotrigine; ritonavir is the inducer
    ['lamotrigine', 'darunavir'],
    ['lamotrigine', 'butalbital'], // only phenobarbital and primidone are named
    ['valproate', 'estradiol'], // the label speaks of estrogen-containing contraceptives
    ['valproate', 'norethindrone'], // progestin-only
    ['lithium', 'caffeine'], // dietary caffeine is not a xanthine preparation
    ['lithium', 'finerenone'],
    ['allopurinol', 'furosemide'],
    ['allopurinol', 'glipizide'], // only chlorpropamide is named
    ['phenytoin', 'pantoprazole'], // only omeprazole among the proton pump inhibitors
    ['phenytoin', 'clopidogrel'], // ticlopidine, not clopidogrel
    ['phenytoin', 'rosuvastatin'], // fluvastatin only
    ['phenytoin', 'dextroamphetamine'], // methylphenidate only
    ['phenytoin', 'ibuprofen'], // salicylates only
    ['fosphenytoin', 'calcium'], // the antacid rule is about oral phenytoin
    ['spironolactone', 'colestipol'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // Routine combinations the new rules must not escalate beyond moderate.
  it.each<[string, string]>([
    ['lithium', 'amlodipine'],
    ['phenytoin', 'folic-acid'],
    ['phenytoin', 'omeprazole'],
    ['spironolactone', 'aspirin'],
    ['allopurinol', 'hydrochlorothiazide'],
  ])('%s + %s: nothing above moderate', (a, b) => {
    expect(['moderate', 'minor', undefined]).toContain(curated.worst(a, b));
  });
});
