import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 14b (label audit): interactions a common drug's own US label names that answered nothing or below the label —
 * rules/pairs-wave14b-labels.yaml and classes/wave14b-labels.yaml (Glucotrol XL, Amaryl, Welchol, Tradjenta, Lantus,
 * Symlin, Tricor, Zetia, methimazole).
 */
describe('curated knowledge base: wave 14b label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Sulfonylureas (Amaryl 7.3 and 7.4, Welchol 7, Glucotrol XL 7.1).
    ['glimepiride', 'colesevelam', 'wave14b-colesevelam--sulfonylureas', 'minor'],
    ['Amaryl', 'Welchol', 'wave14b-colesevelam--sulfonylureas', 'minor'],
    ['glipizide', 'colesevelam', 'wave14b-colesevelam--sulfonylureas', 'minor'],
    ['Glucotrol', 'Welchol', 'wave14b-colesevelam--sulfonylureas', 'minor'],
    ['glyburide', 'colesevelam', 'wave14b-colesevelam--sulfonylureas', 'minor'],
    ['glimepiride', 'rifampin', 'wave14b-glimepiride--rifampin', 'moderate'],
    ['Amaryl', 'Rifadin', 'wave14b-glimepiride--rifampin', 'moderate'],
    ['glipizide', 'famotidine', 'wave14b-glipizide--label-glucose-lowering-enhancers', 'minor'],
    ['Glucotrol', 'Pepcid', 'wave14b-glipizide--label-glucose-lowering-enhancers', 'minor'],
    ['glipizide', 'pramlintide', 'wave14b-glipizide--label-glucose-lowering-enhancers', 'minor'],
    // Linagliptin (Tradjenta 7.1): strong CYP3A4/P-gp inducers.
    ['linagliptin', 'rifampin', 'wave14b-linagliptin--strong-cyp3a4-inducers', 'major'],
    ['Tradjenta', 'Tegretol', 'wave14b-linagliptin--strong-cyp3a4-inducers', 'major'],
    ['linagliptin', "St. John's wort", 'wave14b-linagliptin--strong-cyp3a4-inducers', 'major'],
    // Insulins (Lantus 5 and 7, Symlin boxed warning).
    ['insulin glargine', 'rosiglitazone', 'wave14b-insulins--thiazolidinediones', 'moderate'],
    ['Lantus', 'Avandia', 'wave14b-insulins--thiazolidinediones', 'moderate'],
    ['insulin lispro', 'pioglitazone', 'wave14b-insulins--thiazolidinediones', 'moderate'],
    ['insulin glargine', 'pramlintide', 'wave14b-pramlintide--insulins', 'moderate'],
    ['Lantus', 'Symlin', 'wave14b-pramlintide--insulins', 'moderate'],
    ['insulin glargine', 'clonidine', 'wave14b-insulin-secretagogues-and-insulins--glucose-variable-drugs', 'minor'],
    ['Lantus', 'Catapres', 'wave14b-insulin-secretagogues-and-insulins--glucose-variable-drugs', 'minor'],
    ['Lantus', 'lithium', 'wave14b-insulin-secretagogues-and-insulins--glucose-variable-drugs', 'minor'],
    ['glipizide', 'reserpine', 'wave14b-insulin-secretagogues-and-insulins--glucose-variable-drugs', 'minor'],
    // Fenofibrate (Tricor 7.2, 7.3).
    ['fenofibrate', 'tacrolimus', 'wave14b-fenofibrate--tacrolimus', 'moderate'],
    ['Tricor', 'Prograf', 'wave14b-fenofibrate--tacrolimus', 'moderate'],
    ['fenofibrate', 'cholestyramine', 'wave14b-fenofibrate--bile-acid-sequestrants', 'minor'],
    ['Tricor', 'Welchol', 'wave14b-fenofibrate--bile-acid-sequestrants', 'minor'],
    // Ezetimibe (Zetia 7): coumarins.
    ['ezetimibe', 'warfarin', 'wave14b-ezetimibe--vitamin-k-antagonists', 'moderate'],
    ['Zetia', 'Coumadin', 'wave14b-ezetimibe--vitamin-k-antagonists', 'moderate'],
    // Methimazole (Precautions: Drug Interactions).
    ['methimazole', 'propranolol', 'wave14b-methimazole--beta-blockers', 'moderate'],
    ['Tapazole', 'Toprol XL', 'wave14b-methimazole--beta-blockers', 'moderate'],
    ['methimazole', 'digoxin', 'wave14b-methimazole--cardiac-glycosides', 'moderate'],
    ['Tapazole', 'Lanoxin', 'wave14b-methimazole--cardiac-glycosides', 'moderate'],
    ['methimazole', 'theophylline', 'wave14b-methimazole--methylxanthines', 'moderate'],
    ['Tapazole', 'aminophylline', 'wave14b-methimazole--methylxanthines', 'moderate'],
    // Older, at-least-as-severe answers keep precedence.
    ['insulin glargine', 'pioglitazone', 'insulin-glargine--pioglitazone', 'moderate'],
    ['glipizide', 'rifampin', 'glipizide--rifampin', 'moderate'],
    ['fenofibrate', 'cyclosporine', 'wave10e-cyclosporine--label-renal-drugs', 'moderate'],
    ['ezetimibe', 'cholestyramine', 'wave12f-ezetimibe--bile-acid-sequestrants', 'minor'],
    ['methimazole', 'warfarin', 'warfarin--methimazole', 'moderate'],
    ['metformin', 'topiramate', 'metformin--carbonic-anhydrase-inhibiting-drugs', 'moderate'],
    ['dapagliflozin', 'lithium', 'wave12g-sglt2-inhibitors--lithium', 'moderate'],
    ['glipizide', 'propranolol', 'non-selective-beta-blockers--insulin-secretagogues-and-insulins', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // One answer per pair.
  it.each<[string, string, string]>([
    ['linagliptin', 'rifampin', 'wave14b-linagliptin--strong-cyp3a4-inducers'],
    ['fenofibrate', 'tacrolimus', 'wave14b-fenofibrate--tacrolimus'],
    ['ezetimibe', 'warfarin', 'wave14b-ezetimibe--vitamin-k-antagonists'],
    ['methimazole', 'digoxin', 'wave14b-methimazole--cardiac-glycosides'],
  ])('%s + %s: only %s', (a, b, ruleId) => {
    expect(curated.findings(a, b).map(([id]) => id)).toEqual([ruleId]);
  });

  // Specificity: partners the labels do not name stay silent.
  it.each<[string, string]>([
    ['metformin', 'famotidine'], // the H2-antagonist line is in the glipizide label, not metformin's
    ['metformin', 'clonidine'],
    ['sitagliptin', 'carbamazepine'], // sitagliptin is mostly renally cleared
    ['linagliptin', 'fluconazole'], // the Tradjenta label names inducers, not inhibitors
    ['linagliptin', 'amlodipine'],
    ['ezetimibe', 'apixaban'], // the Zetia label names coumarins only
    ['methimazole', 'amlodipine'],
    ['methimazole', 'lisinopril'],
    ['Lantus', 'guanfacine'],
    ['fenofibrate', 'metformin'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // The new rules do not escalate routine combinations.
  it.each<[string, string]>([
    ['glipizide', 'famotidine'],
    ['Lantus', 'clonidine'],
    ['glimepiride', 'colesevelam'],
    ['methimazole', 'propranolol'],
    ['ezetimibe', 'warfarin'],
  ])('%s + %s: nothing above moderate', (a, b) => {
    expect(['moderate', 'minor', undefined]).toContain(curated.worst(a, b));
  });
});
