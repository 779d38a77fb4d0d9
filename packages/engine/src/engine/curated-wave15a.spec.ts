import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 15a (label audit): interactions a common drug's own US label names that answered nothing or below the label —
 * rules/pairs-wave15a-labels.yaml, classes/wave15a-labels.yaml and the "wave 15a" label statements at the end of
 * labels.yaml (Nurtec ODT, Truvada, Descovy, Hemady).
 */
describe('curated knowledge base: wave 15a label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Rimegepant (Nurtec ODT 7.1-7.3): strong CYP3A4 inhibitors and inducers (avoid), potent P-gp inhibitors.
    ['rimegepant', 'voriconazole', 'wave15a-rimegepant--strong-cyp3a4-inhibitors', 'major'],
    ['Nurtec ODT', 'posaconazole', 'wave15a-rimegepant--strong-cyp3a4-inhibitors', 'major'],
    ['rimegepant', 'enzalutamide', 'wave15a-rimegepant--strong-cyp3a4-inducers', 'major'],
    ['Nurtec ODT', 'Xtandi', 'wave15a-rimegepant--strong-cyp3a4-inducers', 'major'],
    ['rimegepant', 'amiodarone', 'wave15a-rimegepant--pgp-inhibitors', 'moderate'],
    ['Nurtec', 'Ranexa', 'wave15a-rimegepant--pgp-inhibitors', 'moderate'],
    ['rimegepant', 'quinidine', 'wave15a-rimegepant--pgp-inhibitors', 'moderate'],
    ['rimegepant', 'lapatinib', 'wave15a-rimegepant--pgp-inhibitors', 'moderate'],
    ['rimegepant', 'cyclosporine', 'wave15a-rimegepant--pgp-inhibitors', 'moderate'],
    // Truvada 7: boosted atazanavir, darunavir, lopinavir; Descovy 7: tipranavir/ritonavir.
    ['Truvada', 'Kaletra', 'wave15a-tenofovir-disoproxil--protease-inhibitors', 'moderate'],
    ['emtricitabine/tenofovir disoproxil', 'darunavir', 'wave15a-tenofovir-disoproxil--protease-inhibitors', 'moderate'],
    ['tenofovir disoproxil', 'atazanavir', 'wave15a-tenofovir-disoproxil--protease-inhibitors', 'moderate'],
    ['Descovy', 'tipranavir', 'wave15a-tenofovir-alafenamide--tipranavir', 'major'],
    ['tenofovir alafenamide', 'Aptivus', 'wave15a-tenofovir-alafenamide--tipranavir', 'major'],
    // Dexamethasone (Hemady 7), systemic only: strong CYP3A4 inhibitors and inducers, cholestyramine.
    // Moderate after review: the Hemady (20 mg, myeloma) label says avoid, the generic dexamethasone labels ask for monitoring.
    ['dexamethasone', 'ketoconazole', 'wave15a-dexamethasone--strong-cyp3a4-inhibitors', 'moderate'],
    ['Hemady', 'clarithromycin', 'wave15a-dexamethasone--strong-cyp3a4-inhibitors', 'moderate'],
    ['dexamethasone', 'rifampin', 'wave15a-dexamethasone--strong-cyp3a4-inducers', 'moderate'],
    ['Decadron', 'Xtandi', 'wave15a-dexamethasone--strong-cyp3a4-inducers', 'moderate'],
    ['dexamethasone', 'cholestyramine', 'wave15a-dexamethasone--cholestyramine', 'moderate'],
    ['Hemady', 'Questran', 'wave15a-dexamethasone--cholestyramine', 'moderate'],
    // Mesalamine (Lialda, Pentasa 7): azathioprine or 6-mercaptopurine.
    ['mesalamine', 'azathioprine', 'wave15a-mesalamine--thiopurines', 'moderate'],
    ['Lialda', 'Imuran', 'wave15a-mesalamine--thiopurines', 'moderate'],
    ['Pentasa', 'mercaptopurine', 'wave15a-mesalamine--thiopurines', 'moderate'],
    ['Asacol HD', 'Purixan', 'wave15a-mesalamine--thiopurines', 'moderate'],
    // Adalimumab (Humira 7): rituximab (biologic DMARD), warfarin and theophylline (CYP450 substrates).
    ['adalimumab', 'rituximab', 'wave15a-adalimumab--rituximab', 'major'],
    ['Humira', 'Rituxan', 'wave15a-adalimumab--rituximab', 'major'],
    ['Amjevita', 'Truxima', 'wave15a-adalimumab--rituximab', 'major'],
    ['adalimumab', 'warfarin', 'wave15a-adalimumab--cyp-narrow-index-substrates', 'moderate'],
    ['Humira', 'Coumadin', 'wave15a-adalimumab--cyp-narrow-index-substrates', 'moderate'],
    ['Hyrimoz', 'theophylline', 'wave15a-adalimumab--cyp-narrow-index-substrates', 'moderate'],
    // Older, at-least-as-severe answers keep precedence.
    ['rimegepant', 'ketoconazole', 'rimegepant--ketoconazole', 'major'],
    ['rimegepant', 'rifampin', 'rimegepant--rifampin', 'major'],
    ['rimegepant', 'erythromycin', 'wave9c-rimegepant--moderate-cyp3a4-inhibitors', 'moderate'],
    ['Descovy', 'rifampin', 'taf-label-inducers--tenofovir-alafenamide', 'major'],
    ['Truvada', 'didanosine', 'tenofovir-disoproxil--didanosine', 'major'],
    ['Truvada', 'Harvoni', 'ledipasvir--tenofovir-disoproxil', 'moderate'],
    ['prednisone', 'ketoconazole', 'wave12f-glucocorticoids--label-inhibitors', 'moderate'],
    ['balsalazide', 'mercaptopurine', 'balsalazide--thiopurines', 'moderate'],
    ['Lialda', 'ibuprofen', 'additive:nephrotoxicity', 'moderate'],
    ['Humira', 'Orencia', 'duplicate:targeted-immunomodulators', 'major'],
    ['Humira', 'MMR vaccine', 'live-vaccines--immunosuppressants', 'major'],
    ['adalimumab', 'cyclosporine', 'biologic-immunomodulators--conventional-immunosuppressants', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // One answer per pair.
  it.each<[string, string, string]>([
    ['rimegepant', 'voriconazole', 'wave15a-rimegepant--strong-cyp3a4-inhibitors'],
    ['rimegepant', 'cyclosporine', 'wave15a-rimegepant--pgp-inhibitors'],
    ['dexamethasone', 'ketoconazole', 'wave15a-dexamethasone--strong-cyp3a4-inhibitors'],
    ['dexamethasone', 'rifampin', 'wave15a-dexamethasone--strong-cyp3a4-inducers'],
  ])('%s + %s: only %s', (a, b, ruleId) => {
    expect(curated.findings(a, b).map(([id]) => id)).toEqual([ruleId]);
  });

  it.each<[string, string]>([
    ['rimegepant', 'digoxin'],
    ['rimegepant', 'sertraline'],
    ['Descovy', 'Prezista'], // the Descovy label names only tipranavir/ritonavir among protease inhibitors
    ['Truvada', 'metformin'],
    ['mesalamine', 'omeprazole'],
    ['adalimumab', 'ustekinumab'], // the Humira label names no action for IL-12/23 or IL-17 biologics
    ['adalimumab', 'atorvastatin'],
    ['Maxidex', 'cholestyramine'], // dexamethasone eye drops are not systemic
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // Local dexamethasone does not get the Hemady grade.
  it.each<[string, string]>([
    ['Maxidex', 'rifampin'],
    ['dexamethasone eye drops', 'ketoconazole'],
    ['prednisone', 'cholestyramine'], // only the Hemady label says to avoid cholestyramine
  ])('%s + %s: nothing above moderate', (a, b) => {
    expect(['moderate', 'minor', undefined]).toContain(curated.worst(a, b));
  });
});
