import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 14e (label audit): interactions a common drug's own US label names that answered nothing or below the label —
 * rules/pairs-wave14e-labels.yaml, classes/wave14e-labels.yaml and one doxazosin label statement in labels.yaml
 * (labetalol Precautions, Cardura 7, torsemide 7.3, Depo-SubQ Provera 104 7.1, sublingual nitroglycerin 7.2).
 */
describe('curated knowledge base: wave 14e label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Labetalol (Precautions: Drug Interactions): cimetidine, tricyclic antidepressants, nitroglycerin.
    ['labetalol', 'cimetidine', 'wave14e-labetalol--cimetidine', 'moderate'],
    ['Trandate', 'Tagamet', 'wave14e-labetalol--cimetidine', 'moderate'],
    ['labetalol', 'amitriptyline', 'wave14e-labetalol--tcas', 'minor'],
    ['Trandate', 'Pamelor', 'wave14e-labetalol--tcas', 'minor'],
    ['labetalol', 'nitroglycerin', 'wave14e-labetalol--nitroglycerin', 'minor'],
    ['Trandate', 'Nitrostat', 'wave14e-labetalol--nitroglycerin', 'minor'],
    // Doxazosin (Cardura 7): strong CYP3A4 inhibitors (label statement).
    ['doxazosin', 'ketoconazole', 'wave14e-doxazosin--strong-cyp3a4-inhibitors', 'moderate'],
    ['Cardura', 'clarithromycin', 'wave14e-doxazosin--strong-cyp3a4-inhibitors', 'moderate'],
    ['Cardura XL', 'itraconazole', 'wave14e-doxazosin--strong-cyp3a4-inhibitors', 'moderate'],
    // Terazosin (Dosage and Administration, use with other drugs): verapamil.
    ['terazosin', 'verapamil', 'wave14e-terazosin--verapamil', 'moderate'],
    ['Hytrin', 'Calan', 'wave14e-terazosin--verapamil', 'moderate'],
    // Torsemide (7.3): cholestyramine.
    ['torsemide', 'cholestyramine', 'wave14e-torsemide--cholestyramine', 'minor'],
    ['Demadex', 'Questran', 'wave14e-torsemide--cholestyramine', 'minor'],
    ['Soaanz', 'cholestyramine', 'wave14e-torsemide--cholestyramine', 'minor'],
    // Medroxyprogesterone (Depo-SubQ Provera 104 7.1): moderate or strong CYP3A inducers, with the label text replacing the
    // moderate progestin-reducing-inducers rule for these drugs.
    // Moderate, not the SubQ 104 label's 'avoid': one ingredient covers the 150 mg IM injection, which US MEC rates category 1 with inducers.
    ['medroxyprogesterone', 'rifampin', 'wave14e-medroxyprogesterone--label-cyp3a-inducers', 'moderate'],
    ['Depo-Provera', 'Tegretol', 'wave14e-medroxyprogesterone--label-cyp3a-inducers', 'moderate'],
    ['Provera', 'modafinil', 'wave14e-medroxyprogesterone--label-cyp3a-inducers', 'moderate'],
    ['Depo-SubQ Provera 104', 'efavirenz', 'wave14e-medroxyprogesterone--label-cyp3a-inducers', 'moderate'],
    ['medroxyprogesterone', 'enzalutamide', 'wave14e-medroxyprogesterone--other-cyp3a-inducers', 'moderate'],
    ['Depo-Provera', 'rifabutin', 'wave14e-medroxyprogesterone--other-cyp3a-inducers', 'moderate'],
    // Nitroglycerin (sublingual label 7.2): ergotamine and related drugs.
    ['nitroglycerin', 'ergotamine', 'wave14e-nitroglycerin--ergot-alkaloids', 'major'],
    ['Nitrostat', 'dihydroergotamine', 'wave14e-nitroglycerin--ergot-alkaloids', 'major'],
    ['Nitro-Dur', 'Methergine', 'wave14e-nitroglycerin--ergot-alkaloids', 'major'],
    // Older, at-least-as-severe answers keep precedence.
    ['nebivolol', 'fluoxetine', 'nebivolol--cyp2d6-inhibitors', 'moderate'],
    ['Bystolic', 'verapamil', 'beta-blockers--non-dihydropyridine-ccbs', 'major'],
    ['bisoprolol', 'clonidine', 'beta-blockers--clonidine', 'moderate'],
    ['labetalol', 'albuterol', 'non-selective-beta-blockers--beta2-agonists', 'major'],
    ['doxazosin', 'sildenafil', 'sildenafil--doxazosin', 'moderate'],
    ['terazosin', 'vardenafil', 'pde5-inhibitors--alpha1-blockers', 'moderate'],
    ['bumetanide', 'gentamicin', 'aminoglycosides--loop-diuretics', 'major'],
    ['torsemide', 'lithium', 'lithium--loop-diuretics', 'moderate'],
    ['Dyrenium', 'spironolactone', 'spironolactone--triamterene', 'contraindicated'],
    ['Maxzide', 'potassium chloride', 'potassium--triamterene', 'contraindicated'],
    ['medroxyprogesterone', 'topiramate', 'progestin-reducing-inducers--medroxyprogesterone', 'moderate'],
    ['norethindrone', 'rifampin', 'norethindrone--rifampin', 'major'],
    ['Nitrostat', 'sildenafil', 'sildenafil--nitroglycerin', 'contraindicated'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // One answer per pair: the new major rule replaces the older moderate one.
  it.each<[string, string, string]>([
    ['medroxyprogesterone', 'rifampin', 'wave14e-medroxyprogesterone--label-cyp3a-inducers'],
    ['medroxyprogesterone', 'enzalutamide', 'wave14e-medroxyprogesterone--other-cyp3a-inducers'],
    ['labetalol', 'cimetidine', 'wave14e-labetalol--cimetidine'],
    ['doxazosin', 'clarithromycin', 'wave14e-doxazosin--strong-cyp3a4-inhibitors'],
  ])('%s + %s: only %s', (a, b, ruleId) => {
    expect(curated.findings(a, b).map(([id]) => id)).toEqual([ruleId]);
  });

  // Specificity: partners the labels do not name stay silent.
  it.each<[string, string]>([
    ['doxazosin', 'fluconazole'], // moderate CYP3A4 inhibitor; Cardura names strong ones
    ['terazosin', 'ketoconazole'], // the terazosin label names no CYP3A4 inhibitors
    ['terazosin', 'amlodipine'], // the label singles out verapamil
    ['labetalol', 'sertraline'], // not a tricyclic
    ['labetalol', 'famotidine'],
    ['torsemide', 'metformin'],
    ['medroxyprogesterone', 'amlodipine'],
    ['triamterene', 'rifampin'],
    ['nitroglycerin', 'sumatriptan'], // not an ergot alkaloid
    ['isosorbide mononitrate', 'ergotamine'], // only the nitroglycerin label was audited
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });
});
