import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 13e (label audit): interactions a common cardiovascular drug's own US label names that answered nothing or below
 * the label — rules/pairs-wave13e-labels.yaml and classes/wave13e-labels.yaml (lisinopril, propranolol, sotalol,
 * flecainide, dronedarone), and two older rules raised to their labels' wording: flecainide--verapamil (major, Tambocor)
 * and thiazide-diuretics--glucose-lowering-drugs (moderate, hydrochlorothiazide label: the antidiabetic dose may need
 * adjusting).
 */
describe('curated knowledge base: wave 13e label-named interactions of common cardiovascular drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Lisinopril (Zestril 7): antidiabetics, hypoglycaemia risk, monitor glucose in the first month.
    ['lisinopril', 'glipizide', 'wave13e-lisinopril--insulins-and-secretagogues', 'moderate'],
    ['Zestril', 'Lantus', 'wave13e-lisinopril--insulins-and-secretagogues', 'moderate'],
    ['lisinopril', 'glimepiride', 'wave13e-lisinopril--insulins-and-secretagogues', 'moderate'],
    // Thiazides (hydrochlorothiazide label): antidiabetic dose adjustment (raised from minor).
    ['hydrochlorothiazide', 'metformin', 'thiazide-diuretics--glucose-lowering-drugs', 'moderate'],
    ['chlorthalidone', 'glipizide', 'thiazide-diuretics--glucose-lowering-drugs', 'moderate'],
    // Propranolol (InnoPran XL 7, Inderal LA): CYP inhibitors named by the label; alpha-blockers; exposure tables.
    ['propranolol', 'cimetidine', 'wave13e-propranolol--label-cyp-inhibitors', 'moderate'],
    ['Inderal LA', 'fluconazole', 'wave13e-propranolol--label-cyp-inhibitors', 'moderate'],
    ['propranolol', 'ritonavir', 'wave13e-propranolol--label-cyp-inhibitors', 'moderate'],
    ['propranolol', 'isoniazid', 'wave13e-propranolol--label-cyp-inhibitors', 'moderate'],
    ['propranolol', 'zileuton', 'wave13e-propranolol--label-cyp-inhibitors', 'moderate'],
    ['propranolol', 'ticlopidine', 'wave13e-propranolol--label-cyp-inhibitors', 'moderate'],
    ['propranolol', 'prazosin', 'wave13e-propranolol--alpha1-blockers', 'minor'],
    ['propranolol', 'doxazosin', 'wave13e-propranolol--alpha1-blockers', 'minor'],
    ['propranolol', 'nifedipine', 'wave13e-propranolol--label-exposure-partners', 'minor'],
    ['propranolol', 'lidocaine', 'wave13e-propranolol--label-exposure-partners', 'minor'],
    ['propranolol', 'chlorpromazine', 'wave13e-propranolol--label-exposure-partners', 'minor'],
    // Sotalol (Betapace 7): aluminium/magnesium antacids, 2 hours apart.
    ['sotalol', 'aluminum hydroxide', 'wave13e-sotalol--antacids', 'minor'],
    ['Betapace', 'magnesium hydroxide', 'wave13e-sotalol--antacids', 'minor'],
    // Flecainide (Tambocor): verapamil raised to major; digoxin levels 13-19% higher.
    ['flecainide', 'verapamil', 'flecainide--verapamil', 'major'],
    ['flecainide', 'digoxin', 'wave13e-flecainide--digoxin', 'minor'],
    // Dronedarone (Multaq 7): beta-blockers (low dose, ECG), CYP3A inducers (avoid).
    ['dronedarone', 'propranolol', 'wave13e-dronedarone--beta-blockers', 'moderate'],
    ['Multaq', 'Tenormin', 'wave13e-dronedarone--beta-blockers', 'moderate'],
    ['dronedarone', 'carvedilol', 'wave13e-dronedarone--beta-blockers', 'moderate'],
    ['dronedarone', 'phenobarbital', 'wave13e-dronedarone--cyp3a4-inducers', 'major'],
    ['dronedarone', 'primidone', 'wave13e-dronedarone--cyp3a4-inducers', 'major'],
    // Older, at-least-as-severe answers keep precedence.
    ['dronedarone', 'metoprolol', 'dronedarone--metoprolol', 'moderate'],
    ['dronedarone', 'rifampin', 'dronedarone--rifampin', 'major'],
    ['dronedarone', 'sotalol', 'qt-combination-contraindicated--qt-known-risk', 'contraindicated'],
    ['lisinopril', 'sacubitril', 'sacubitril--lisinopril', 'contraindicated'],
    ['lisinopril', 'lithium', 'lithium--lisinopril', 'major'],
    ['losartan', 'aliskiren', 'aliskiren--arbs', 'major'],
    ['hydrochlorothiazide', 'lithium', 'lithium--hydrochlorothiazide', 'major'],
    ['propranolol', 'thioridazine', 'thioridazine--propranolol', 'contraindicated'],
    ['propranolol', 'fluvoxamine', 'cyp1a2-strong-inhibitor--moderate-substrate', 'moderate'],
    ['cilostazol', 'omeprazole', 'cilostazol--cilostazol-dose-reduction-inhibitors', 'moderate'],
    ['cilostazol', 'ketoconazole', 'cilostazol--cilostazol-dose-reduction-inhibitors', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Specificity: siblings and partners the labels do not name stay silent or below.
  it.each<[string, string]>([
    ['atenolol', 'cimetidine'], // renally cleared; the propranolol label's CYP list does not apply
    ['nadolol', 'fluconazole'],
    ['lisinopril', 'metformin'], // no hypoglycaemia of its own: not in the insulin/secretagogue group
    ['propranolol', 'ranitidine'], // the label reports no interaction
    ['propranolol', 'pantoprazole'],
    ['flecainide', 'amlodipine'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  it.each<[string, string]>([
    ['lisinopril', 'hydrochlorothiazide'], // guideline combination (Zestoretic): not escalated here
    ['propranolol', 'tamsulosin'], // first-dose hypotension: minor, no action in the label
    ['sotalol', 'magnesium'],
    ['dronedarone', 'amlodipine'],
  ])('%s + %s: nothing above moderate', (a, b) => {
    expect(['moderate', 'minor', undefined]).toContain(curated.worst(a, b));
  });
});
