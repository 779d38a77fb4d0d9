import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 11b (issue #11, item 3): interactions a common drug's own US label names that answered nothing or below the
 * label — rules/pairs-wave11b-labels.yaml, classes/wave11b-labels.yaml, the wave11b-warfarin statements in
 * labels.yaml and the labelled CYP roles of diltiazem and siponimod (warfarin, thyroid hormones, hydralazine,
 * diltiazem, furosemide, celecoxib, fluconazole, terbinafine, metronidazole, testosterone, famotidine).
 */
describe('curated knowledge base: wave 11b label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Coumadin 7.1 (CYP450 table): enzyme-role statements and the table's named examples; 7.3 antibiotics/antifungals.
    ['warfarin', 'zileuton', 'wave11b-warfarin--cyp1a2-inhibitors', 'moderate'],
    ['warfarin', 'ethinyl-estradiol', 'wave11b-warfarin--cyp1a2-inhibitors', 'moderate'],
    ['warfarin', 'nefazodone', 'wave11b-warfarin--cyp3a4-inhibitors', 'moderate'],
    ['warfarin', 'diltiazem', 'wave11b-warfarin--cyp3a4-inhibitors', 'moderate'],
    ['warfarin', 'acyclovir', 'wave11b-warfarin--cyp1a2-inhibitors', 'moderate'],
    ['warfarin', 'ceritinib', 'wave11b-warfarin--cyp2c9-inhibitors', 'moderate'],
    ['warfarin', 'cenobamate', 'wave11b-warfarin--cyp3a4-inducers', 'moderate'],
    ['warfarin', 'aprepitant', 'wave11b-warfarin--label-cyp-table-drugs', 'moderate'],
    ['warfarin', 'fluvastatin', 'wave11b-warfarin--label-cyp-table-drugs', 'moderate'],
    ['Coumadin', 'propranolol', 'wave11b-warfarin--label-cyp-table-drugs', 'moderate'],
    ['warfarin', 'terbinafine', 'wave11b-warfarin--label-cyp-table-drugs', 'moderate'],
    ['warfarin', 'modafinil', 'wave11b-warfarin--label-cyp-table-drugs', 'moderate'],
    ['warfarin', 'cephalexin', 'wave11b-warfarin--label-antibiotics-antifungals', 'moderate'],
    ['warfarin', 'nitrofurantoin', 'wave11b-warfarin--label-antibiotics-antifungals', 'moderate'],
    ['warfarin', 'amoxicillin', 'warfarin--amoxicillin', 'moderate'],
    ['warfarin', 'pantoprazole', 'wave11b-warfarin--ppis', 'moderate'],
    ['warfarin', 'omeprazole', 'warfarin--omeprazole', 'moderate'],
    // Thyroid hormones: oral anticoagulants (Cytomel, Armour), tetracyclic antidepressants.
    ['warfarin', 'liothyronine', 'wave11b-thyroid-hormones--vitamin-k-antagonists', 'moderate'],
    ['Cytomel', 'Jantoven', 'wave11b-thyroid-hormones--vitamin-k-antagonists', 'moderate'],
    ['warfarin', 'thyroid', 'wave11b-thyroid-hormones--vitamin-k-antagonists', 'moderate'],
    ['warfarin', 'liotrix', 'wave11b-thyroid-hormones--vitamin-k-antagonists', 'moderate'],
    ['liothyronine', 'maprotiline', 'wave11b-thyroid-hormones--maprotiline', 'minor'],
    // Hydralazine: MAOIs, parenteral diazoxide.
    ['hydralazine', 'phenelzine', 'wave11b-hydralazine--maois-nonselective', 'moderate'],
    ['hydralazine', 'diazoxide', 'wave11b-hydralazine--diazoxide', 'moderate'],
    // Diltiazem: clonidine (answered by wave 11a), cimetidine, quinidine; CYP3A4 substrate role (strong inhibitors, strong inducers).
    ['diltiazem', 'clonidine', 'wave11a-clonidine--av-nodal-drugs', 'moderate'], // wave 11a, from the clonidine label
    ['Cardizem', 'cimetidine', 'wave11b-diltiazem--cimetidine', 'moderate'],
    ['diltiazem', 'quinidine', 'wave11b-diltiazem--quinidine', 'moderate'],
    ['diltiazem', 'ketoconazole', 'cyp3a4-strong-inhibitor--moderate-substrate', 'moderate'],
    ['diltiazem', 'phenytoin', 'cyp3a4-strong-inducer--moderate-substrate', 'moderate'],
    // Furosemide (Lasix).
    ['furosemide', 'lisinopril', 'wave11b-furosemide--raas-inhibitors', 'moderate'],
    ['Lasix', 'losartan', 'wave11b-furosemide--raas-inhibitors', 'moderate'],
    ['furosemide', 'hydrocortisone', 'wave11b-furosemide--systemic-corticosteroids', 'moderate'],
    ['furosemide', 'corticotropin', 'wave11b-furosemide--systemic-corticosteroids', 'moderate'],
    ['furosemide', 'Acthar Gel', 'wave11b-furosemide--systemic-corticosteroids', 'moderate'],
    ['furosemide', 'sucralfate', 'wave11b-furosemide--sucralfate', 'minor'],
    ['furosemide', 'aspirin', 'wave11b-furosemide--salicylates', 'minor'],
    ['furosemide', 'methotrexate', 'wave11b-furosemide--methotrexate', 'minor'],
    ['furosemide', 'cyclosporine', 'wave11b-furosemide--cyclosporine', 'minor'],
    // Celecoxib: CYP2D6 substrates.
    ['celecoxib', 'dextromethorphan', 'wave11b-celecoxib--sensitive-cyp2d6-substrates', 'moderate'],
    ['Celebrex', 'nortriptyline', 'wave11b-celecoxib--sensitive-cyp2d6-substrates', 'moderate'],
    // Fluconazole (Diflucan).
    ['fluconazole', 'cisapride', 'wave11b-fluconazole--contraindicated-qt-substrates', 'contraindicated'],
    ['fluconazole', 'terfenadine', 'wave11b-fluconazole--contraindicated-qt-substrates', 'contraindicated'],
    ['fluconazole', 'ibuprofen', 'wave11b-fluconazole--label-nsaids', 'moderate'],
    ['Diflucan', 'meloxicam', 'wave11b-fluconazole--label-nsaids', 'moderate'],
    ['fluconazole', 'verapamil', 'wave11b-fluconazole--label-ccbs', 'moderate'],
    ['fluconazole', 'isradipine', 'wave11b-fluconazole--label-ccbs', 'moderate'],
    ['fluconazole', 'tofacitinib', 'wave11b-fluconazole--tofacitinib', 'moderate'],
    ['fluconazole', 'losartan', 'wave11b-fluconazole--losartan', 'moderate'],
    ['fluconazole', 'prednisone', 'wave11b-fluconazole--prednisone', 'moderate'],
    ['fluconazole', 'zidovudine', 'wave11b-fluconazole--zidovudine', 'moderate'],
    ['fluconazole', 'cyclophosphamide', 'wave11b-fluconazole--cyclophosphamide', 'moderate'],
    ['fluconazole', 'fluvastatin', 'wave11b-fluconazole--fluvastatin', 'moderate'],
    ['fluconazole', 'theophylline', 'wave11b-fluconazole--theophylline', 'moderate'],
    ['fluconazole', 'tretinoin', 'wave11b-fluconazole--tretinoin', 'moderate'],
    // Terbinafine (Lamisil tablets).
    ['terbinafine', 'sertraline', 'wave11b-terbinafine--label-cyp2d6-drugs', 'moderate'],
    ['terbinafine', 'selegiline', 'wave11b-terbinafine--label-cyp2d6-drugs', 'moderate'],
    ['terbinafine', 'fluconazole', 'wave11b-terbinafine--exposure-raising-drugs', 'moderate'],
    ['terbinafine', 'amiodarone', 'wave11b-terbinafine--exposure-raising-drugs', 'moderate'],
    ['terbinafine', 'rifampin', 'wave11b-terbinafine--rifampin', 'moderate'],
    ['terbinafine', 'cimetidine', 'wave11b-terbinafine--cimetidine', 'minor'],
    ['terbinafine', 'caffeine', 'wave11b-terbinafine--caffeine', 'minor'],
    // Metronidazole (Flagyl).
    ['metronidazole', 'phenobarbital', 'wave11b-metronidazole--phenobarbital', 'moderate'],
    ['metronidazole', 'primidone', 'wave11b-metronidazole--phenobarbital', 'moderate'],
    ['metronidazole', 'cimetidine', 'wave11b-metronidazole--cimetidine', 'minor'],
    // Testosterone (AndroGel).
    ['testosterone', 'insulin-glargine', 'wave11b-testosterone--insulin-secretagogues-and-insulins', 'moderate'],
    ['AndroGel', 'glipizide', 'wave11b-testosterone--insulin-secretagogues-and-insulins', 'moderate'],
    ['testosterone', 'prednisone', 'wave11b-testosterone--corticosteroids', 'moderate'],
    // Famotidine (Pepcid) and the H2 blockers: acid-dependent antiretrovirals.
    ['famotidine', 'fosamprenavir', 'wave11b-h2-blockers--ph-dependent-drugs', 'moderate'],
    ['famotidine', 'delavirdine', 'wave11b-h2-blockers--ph-dependent-drugs', 'moderate'],
    // Siponimod: labelled CYP2C9 clearance through the generic templates; the wave-10f label rules keep precedence.
    ['siponimod', 'metronidazole', 'cyp2c9-moderate-inhibitor--sensitive-substrate', 'moderate'],
    ['siponimod', 'phenobarbital', 'cyp2c9-inducer--sensitive-substrate', 'moderate'],
    ['siponimod', 'fluconazole', 'wave10f-siponimod--cyp2c9-cyp3a4-inhibitors', 'major'],
    ['siponimod', 'rifampin', 'wave10f-siponimod--cyp2c9-cyp3a4-inducers', 'major'],
    // More specific existing rules keep answering.
    ['warfarin', 'levothyroxine', 'warfarin--levothyroxine', 'moderate'],
    ['warfarin', 'fluconazole', 'warfarin--fluconazole', 'major'],
    ['warfarin', 'rifampin', 'warfarin--rifampin', 'major'],
    ['fluconazole', 'celecoxib', 'fluconazole--celecoxib', 'moderate'],
    ['fluconazole', 'erythromycin', 'fluconazole--erythromycin', 'contraindicated'],
    ['terbinafine', 'desipramine', 'cyp2d6-strong-inhibitor--sensitive-substrate', 'major'],
    ['diltiazem', 'simvastatin', 'simvastatin--diltiazem', 'major'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // One answer per pair: the new class rules do not add a second finding where an older rule answers.
  it.each<[string, string, string]>([
    ['warfarin', 'rifampin', 'warfarin--rifampin'],
    ['warfarin', 'nafcillin', 'warfarin--nafcillin'],
    ['warfarin', 'griseofulvin', 'warfarin--griseofulvin'],
    ['warfarin', 'aprepitant', 'wave11b-warfarin--label-cyp-table-drugs'],
    ['warfarin', 'levothyroxine', 'warfarin--levothyroxine'],
    ['siponimod', 'fluconazole', 'wave10f-siponimod--cyp2c9-cyp3a4-inhibitors'],
    ['siponimod', 'amiodarone', 'wave10f-s1p-modulators--class-ia-iii-antiarrhythmics'],
    // Two label statements of one substrate for one perpetrator (CYP2C9 and CYP3A4 of warfarin): one finding.
    ['warfarin', 'ceritinib', 'wave11b-warfarin--cyp2c9-inhibitors'],
  ])('%s + %s: only %s', (a, b, ruleId) => {
    expect(curated.findings(a, b).map(([id]) => id)).toEqual([ruleId]);
  });

  it('a pathway absorbed into the pair’s other pathway finding stays visible as its risk tag and citation', () => {
    const ceritinib = curated.check([{ name: 'warfarin' }, { name: 'ceritinib' }]).interactions;
    expect(ceritinib.map((f) => [f.ruleId, f.risks.filter((t) => t.startsWith('pk-')).sort()])).toEqual([['wave11b-warfarin--cyp2c9-inhibitors', ['pk-cyp2c9', 'pk-cyp3a4']]]);
    // Diltiazem and verapamil each inhibit the other's CYP3A4: one pathway finding beside the duplicate-therapy one.
    const ccbs = curated.check([{ name: 'diltiazem' }, { name: 'verapamil' }]).interactions;
    expect(ccbs.map((f) => [f.kind, f.severity])).toEqual([
      ['duplicate-therapy', 'moderate'],
      ['pathway', 'minor'],
    ]);
  });

  // Specificity: partners the labels do not name stay silent.
  it.each<[string, string]>([
    ['warfarin', 'lisinopril'],
    ['warfarin', 'metoprolol'], // the table names propranolol only
    ['apixaban', 'amoxicillin'], // the antibiotic statement is warfarin's (INR)
    ['apixaban', 'liothyronine'],
    ['fluconazole', 'valsartan'], // only losartan is activated by CYP2C9
    ['terbinafine', 'duloxetine'],
    ['celecoxib', 'amitriptyline'],
    ['ibuprofen', 'dextromethorphan'], // only celecoxib inhibits CYP2D6
    ['furosemide', 'metformin'],
    ['bumetanide', 'lisinopril'],
    ['testosterone', 'metformin'], // the label speaks of insulin; metformin does not cause hypoglycaemia alone
    ['hydralazine', 'linezolid'],
    ['liothyronine', 'omeprazole'],
    ['levothyroxine', 'testosterone'],
    ['siponimod', 'ketoconazole'], // CYP3A4-only inhibition: no label action
    ['ponesimod', 'ketoconazole'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // Routine combinations the new rules must not escalate beyond moderate.
  it.each<[string, string]>([
    ['warfarin', 'amlodipine'],
    ['warfarin', 'atorvastatin'],
    ['furosemide', 'lisinopril'],
    ['furosemide', 'aspirin'],
  ])('%s + %s: nothing above moderate', (a, b) => {
    expect(['moderate', 'minor', undefined]).toContain(curated.worst(a, b));
  });
});
