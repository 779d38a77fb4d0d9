import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 13c (label audit): interactions a common drug's own US label names that answered nothing or below the label —
 * rules/pairs-wave13c-labels.yaml and classes/wave13c-labels.yaml (semaglutide, tirzepatide, tadalafil, ondansetron,
 * methotrexate, the estrogen class labeling).
 */
describe('curated knowledge base: wave 13c label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Semaglutide (Rybelsus 7.2): levothyroxine exposure, monitor thyroid parameters.
    ['semaglutide', 'levothyroxine', 'wave13c-semaglutide--levothyroxine', 'moderate'],
    ['Rybelsus', 'Synthroid', 'wave13c-semaglutide--levothyroxine', 'moderate'],
    // Tirzepatide (Mounjaro 7.2): oral contraceptive hormones other than ethinyl estradiol and norethindrone.
    ['tirzepatide', 'drospirenone', 'wave13c-tirzepatide--oral-contraceptive-hormones', 'moderate'],
    ['tirzepatide', 'levonorgestrel', 'wave13c-tirzepatide--oral-contraceptive-hormones', 'moderate'],
    ['Mounjaro', 'norgestimate', 'wave13c-tirzepatide--oral-contraceptive-hormones', 'moderate'],
    ['tirzepatide', 'desogestrel', 'wave13c-tirzepatide--oral-contraceptive-hormones', 'moderate'],
    // Tadalafil (Cialis 7.1): substantial alcohol, orthostatic effects.
    ['tadalafil', 'ethanol', 'wave13c-tadalafil--ethanol', 'moderate'],
    ['Cialis', 'alcohol', 'wave13c-tadalafil--ethanol', 'moderate'],
    // Ondansetron (Zofran 7): phenytoin and carbamazepine lower ondansetron levels, no dose change.
    ['ondansetron', 'phenytoin', 'wave13c-ondansetron--cyp3a4-inducers', 'minor'],
    ['Zofran', 'Tegretol', 'wave13c-ondansetron--cyp3a4-inducers', 'minor'],
    // Methotrexate 7.1: nitrous oxide (avoid); named exposure-raising drugs (monitor closely).
    ['methotrexate', 'nitrous-oxide', 'wave13c-methotrexate--nitrous-oxide', 'major'],
    ['methotrexate', 'warfarin', 'wave13c-methotrexate--label-exposure-raising-drugs', 'moderate'],
    ['Trexall', 'glipizide', 'wave13c-methotrexate--label-exposure-raising-drugs', 'moderate'],
    ['methotrexate', 'doxycycline', 'wave13c-methotrexate--label-exposure-raising-drugs', 'moderate'],
    ['methotrexate', 'dapsone', 'wave13c-methotrexate--label-exposure-raising-drugs', 'moderate'],
    ['methotrexate', 'pemetrexed', 'wave13c-methotrexate--label-exposure-raising-drugs', 'moderate'],
    ['methotrexate', 'mercaptopurine', 'wave13c-methotrexate--label-exposure-raising-drugs', 'moderate'],
    // Estrogen class labeling 7: named CYP3A4 inhibitors may raise estrogen levels (no action).
    ['estradiol', 'clarithromycin', 'wave13c-menopausal-estrogens--cyp3a4-inhibitors', 'minor'],
    ['Premarin', 'ketoconazole', 'wave13c-menopausal-estrogens--cyp3a4-inhibitors', 'minor'],
    ['estradiol', 'itraconazole', 'wave13c-menopausal-estrogens--cyp3a4-inhibitors', 'minor'],
    // Older, at-least-as-severe answers keep precedence.
    ['tirzepatide', 'ethinyl-estradiol', 'ethinyl-estradiol--tirzepatide', 'moderate'],
    ['tirzepatide', 'norethindrone', 'norethindrone--tirzepatide', 'moderate'],
    ['ondansetron', 'rifampin', 'ondansetron--rifampin', 'moderate'],
    ['ondansetron', 'apomorphine', 'apomorphine--ondansetron', 'contraindicated'],
    ['methotrexate', 'ibuprofen', 'methotrexate--ibuprofen', 'major'],
    ['methotrexate', 'trimethoprim', 'methotrexate--trimethoprim', 'major'],
    ['estradiol', 'rifampin', 'menopausal-estrogens--cyp3a4-inducers', 'moderate'],
    ['sildenafil', 'nitroglycerin', 'sildenafil--nitroglycerin', 'contraindicated'],
    ['tadalafil', 'riociguat', 'tadalafil--riociguat', 'contraindicated'],
    ['colchicine', 'clarithromycin', 'colchicine--clarithromycin', 'major'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // One answer per pair: a combined pill with ethinyl estradiol keeps the single tirzepatide finding.
  it.each<[string, string, string]>([
    ['Mounjaro', 'Yaz', 'ethinyl-estradiol--tirzepatide'],
    ['methotrexate', 'nitrous-oxide', 'wave13c-methotrexate--nitrous-oxide'],
    ['tadalafil', 'ethanol', 'wave13c-tadalafil--ethanol'],
  ])('%s + %s: only %s', (a, b, ruleId) => {
    expect(curated.findings(a, b).map(([id]) => id)).toEqual([ruleId]);
  });

  // Specificity: partners or siblings the labels do not name stay silent.
  it.each<[string, string]>([
    ['semaglutide', 'drospirenone'], // the contraceptive advice is in the tirzepatide label only
    ['liraglutide', 'levonorgestrel'],
    ['tirzepatide', 'etonogestrel'], // implant or ring, not oral
    ['sildenafil', 'ethanol'], // the sildenafil label reports no additive effect with alcohol
    ['methotrexate', 'apixaban'], // the label's oral anticoagulants are the protein-bound coumarins
    ['estradiol', 'azithromycin'], // not a CYP3A4 inhibitor, not named
    ['semaglutide', 'metformin'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // The new rules do not escalate routine combinations.
  it.each<[string, string]>([
    ['liraglutide', 'levothyroxine'], // only the semaglutide label names levothyroxine
    ['estradiol', 'clarithromycin'],
    ['ondansetron', 'carbamazepine'],
    ['tirzepatide', 'levothyroxine'],
  ])('%s + %s: nothing above moderate', (a, b) => {
    expect(['moderate', 'minor', undefined]).toContain(curated.worst(a, b));
  });

  it('liraglutide with levothyroxine keeps only the minor thyroid/glucose class finding', () => {
    expect(curated.worst('liraglutide', 'levothyroxine')).toBe('minor');
  });
});
