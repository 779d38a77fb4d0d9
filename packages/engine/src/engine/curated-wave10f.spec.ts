import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 10f (issue #11, item 7): inpatient drugs that were names-only, reviewed against their US labels —
 * ingredients/wave10f-names-review.yaml, rules/pairs-wave10f-names-review.yaml, classes/wave10f-names-review.yaml.
 */
describe('curated knowledge base: wave 10f inpatient drugs reviewed', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Beta-lactams (label 7 / Precautions).
    ['cefepime', 'gentamicin', 'wave10f-beta-lactams--aminoglycosides', 'moderate'],
    ['Azactam', 'tobramycin', 'wave10f-beta-lactams--aminoglycosides', 'moderate'],
    ['Maxipime', 'furosemide', 'wave10f-cephalosporins--loop-diuretics', 'minor'],
    ['Ancef', 'probenecid', 'wave10f-cephalosporins--probenecid', 'minor'],
    ['Fortaz', 'chloramphenicol', 'wave10f-ceftazidime--chloramphenicol', 'major'],
    ['cefotetan', 'alcohol', 'wave10f-cefotetan--ethanol', 'major'],
    ['cefotetan', 'warfarin', 'wave10f-beta-lactams--vitamin-k-antagonists', 'moderate'],
    ['aztreonam', 'cefoxitin', 'wave10f-aztreonam--beta-lactamase-inducers', 'moderate'],
    // Anaesthesia and critical care.
    ['Diprivan', 'valproate', 'wave10f-propofol--valproate', 'moderate'],
    ['propofol', 'fentanyl', 'additive:cns-depression', 'moderate'],
    ['Nipride RTU', 'riociguat', 'wave10f-nitroprusside--riociguat', 'contraindicated'],
    ['sodium nitroprusside', 'sildenafil', 'wave10f-nitroprusside--pde5-inhibitors', 'major'],
    ['GlucaGen', 'indomethacin', 'wave10f-glucagon--indomethacin', 'moderate'],
    ['glucagon', 'metoprolol', 'wave10f-glucagon--beta-blockers', 'minor'],
    ['Gvoke', 'warfarin', 'wave10f-glucagon--warfarin', 'minor'],
    ['Naropin', 'lidocaine', 'wave10f-ropivacaine--amide-type-drugs', 'moderate'],
    ['ropivacaine', 'fluvoxamine', 'cyp1a2-strong-inhibitor--moderate-substrate', 'moderate'],
    // Anti-infectives and supportive care.
    ['Veklury', 'hydroxychloroquine', 'wave10f-remdesivir--antimalarials', 'major'],
    ['remdesivir', 'chloroquine', 'wave10f-remdesivir--antimalarials', 'major'],
    ['Neulasta', 'cyclophosphamide', 'wave10f-g-csfs--cytotoxic-chemotherapy', 'minor'],
    ['Zarxio', 'cyclophosphamide', 'wave10f-g-csfs--cytotoxic-chemotherapy', 'minor'],
    // Neurology.
    ['Zarontin', 'carbamazepine', 'wave10f-ethosuximide--enzyme-inducing-antiepileptics', 'moderate'],
    ['ethosuximide', 'phenytoin', 'wave10f-ethosuximide--enzyme-inducing-antiepileptics', 'moderate'],
    ['ethosuximide', 'valproate', 'wave10f-ethosuximide--valproate', 'moderate'],
    ['Mayzent', 'fluconazole', 'wave10f-siponimod--cyp2c9-cyp3a4-inhibitors', 'major'],
    ['siponimod', 'rifampin', 'wave10f-siponimod--cyp2c9-cyp3a4-inducers', 'major'],
    ['siponimod', 'metoprolol', 'wave10f-siponimod--heart-rate-lowering-drugs', 'moderate'],
    ['siponimod', 'sotalol', 'wave10f-s1p-modulators--class-ia-iii-antiarrhythmics', 'major'],
    ['Ponvory', 'amiodarone', 'wave10f-s1p-modulators--class-ia-iii-antiarrhythmics', 'major'],
    ['ponesimod', 'diltiazem', 'wave10f-ponesimod--heart-rate-lowering-drugs', 'moderate'],
    ['ponesimod', 'rifampin', 'wave10f-ponesimod--cyp3a4-ugt1a1-inducers', 'major'],
    ['Mayzent', 'yellow-fever-vaccine-live', 'live-vaccines--immunosuppressants', 'major'],
    ['Vyvgart', 'measles-mumps-rubella-vaccine-live', 'live-vaccines--immunosuppressants', 'major'],
    ['Vyvgart', 'rituximab', 'wave10f-efgartigimod--fcrn-binding-biologics', 'moderate'],
    ['efgartigimod alfa', 'adalimumab', 'wave10f-efgartigimod--fcrn-binding-biologics', 'moderate'],
    // Bone.
    ['Prolia', 'cinacalcet', 'wave10f-denosumab--calcimimetics', 'moderate'],
    ['Xgeva', 'etelcalcetide', 'wave10f-denosumab--calcimimetics', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Every drug of the wave (and its names) is reviewed: a check with it is complete, even where its label names no
  // interaction (etomidate, milrinone, protamine, pyrazinamide).
  it.each<string>([
    'cefazolin',
    'Maxipime',
    'Tazicef',
    'Cefotan',
    'Mefoxin',
    'Cayston',
    'Diprivan',
    'Amidate',
    'Primacor',
    'Nitropress',
    'Baqsimi',
    'protamine sulfate',
    'ropivacaine',
    'Veklury',
    'Neupogen',
    'filgrastim-sndz',
    'pegfilgrastim-jmdb',
    'pyrazinamide',
    'ethosuximide',
    'Prolia',
    'ponesimod',
    'siponimod',
    'siponimod fumaric acid',
    'Vyvgart',
  ])('%s is reviewed', (drug) => {
    curated.expectReviewed(drug);
  });

  // Specificity: what the labels do not support must not alert.
  it.each<[string, string]>([
    ['protamine', 'heparin'], // the antidote, not an interaction
    ['etomidate', 'rocuronium'],
    ['milrinone', 'furosemide'], // a line incompatibility only
    ['pyrazinamide', 'isoniazid'],
    ['cefazolin', 'gentamicin'], // the cefazolin label does not name aminoglycosides
    ['aztreonam', 'metronidazole'],
    ['remdesivir', 'dexamethasone'],
    ['filgrastim', 'lithium'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // Moderate CYP2C9 inhibitors without CYP3A4 inhibition, and moderate CYP3A4 inhibitors alone, are not named.
  it.each<[string, string]>([
    ['siponimod', 'sulfamethoxazole'],
    ['siponimod', 'diltiazem'],
    ['denosumab', 'alendronate'],
    ['glucagon', 'ibuprofen'],
  ])('%s + %s: nothing major or worse', (a, b) => {
    const worst = curated.worst(a, b);
    expect(worst === 'major' || worst === 'contraindicated').toBe(false);
  });
});
