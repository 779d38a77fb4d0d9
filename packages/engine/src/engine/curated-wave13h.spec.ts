import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 13h (label audit): interactions a common drug's own US label names that answered nothing or below the label —
 * rules/pairs-wave13h-labels.yaml and classes/wave13h-labels.yaml (the PPI labels Prilosec, Protonix and Nexium,
 * Myrbetriq, Fosamax, Allegra), and two older pair rules raised to the label's grade (mirabegron + digoxin,
 * anastrozole + tamoxifen).
 */
describe('curated knowledge base: wave 13h label-named interactions of common drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // PPIs (Prilosec, Protonix, Nexium 7; Viracept 7.3): nelfinavir, digoxin, mycophenolate, iron salts.
    ['omeprazole', 'nelfinavir', 'wave13h-ppis--nelfinavir', 'major'],
    ['Protonix', 'Viracept', 'wave13h-ppis--nelfinavir', 'major'],
    ['esomeprazole', 'nelfinavir', 'wave13h-ppis--nelfinavir', 'major'],
    ['omeprazole', 'digoxin', 'wave13h-ppis--digoxin', 'moderate'],
    ['pantoprazole', 'Lanoxin', 'wave13h-ppis--digoxin', 'moderate'],
    ['Nexium', 'digoxin', 'wave13h-ppis--digoxin', 'moderate'],
    ['omeprazole', 'mycophenolate', 'wave13h-ppis--mycophenolate', 'moderate'],
    ['Protonix', 'CellCept', 'wave13h-ppis--mycophenolate', 'moderate'],
    ['esomeprazole', 'mycophenolate mofetil', 'wave13h-ppis--mycophenolate', 'moderate'],
    ['omeprazole', 'ferrous sulfate', 'wave13h-ppis--iron', 'minor'],
    ['pantoprazole', 'iron', 'wave13h-ppis--iron', 'minor'],
    // Omeprazole and esomeprazole: tacrolimus; omeprazole: St John's wort (5.9) and diazepam.
    ['omeprazole', 'tacrolimus', 'wave13h-omeprazole-esomeprazole--tacrolimus', 'moderate'],
    ['Nexium', 'Prograf', 'wave13h-omeprazole-esomeprazole--tacrolimus', 'moderate'],
    ['omeprazole', "St. John's wort", 'wave13h-omeprazole--st-johns-wort', 'major'],
    ['Prilosec', 'Valium', 'wave13h-omeprazole--diazepam', 'moderate'],
    // Mirabegron (Myrbetriq 7): narrow-index CYP2D6 substrates; digoxin raised from minor.
    ['mirabegron', 'flecainide', 'wave13h-mirabegron--cyp2d6-narrow-index-substrates', 'moderate'],
    ['Myrbetriq', 'Rythmol', 'wave13h-mirabegron--cyp2d6-narrow-index-substrates', 'moderate'],
    ['mirabegron', 'digoxin', 'mirabegron--digoxin', 'moderate'], // raised from minor
    // Anastrozole (Arimidex 7): tamoxifen should not be given with it.
    ['anastrozole', 'tamoxifen', 'anastrozole--tamoxifen', 'major'], // raised from moderate
    ['Arimidex', 'tamoxifen', 'anastrozole--tamoxifen', 'major'],
    // Alendronate (Fosamax 7): NSAIDs (caution), aspirin (more GI events, no action).
    ['alendronate', 'ibuprofen', 'wave13h-alendronate--nsaids', 'moderate'],
    ['Fosamax', 'Celebrex', 'wave13h-alendronate--nsaids', 'moderate'],
    ['alendronate', 'naproxen', 'wave13h-alendronate--nsaids', 'moderate'],
    ['alendronate', 'aspirin', 'wave13h-alendronate--aspirin', 'minor'],
    // Fexofenadine (Allegra 7): aluminium and magnesium antacids.
    ['fexofenadine', 'aluminum hydroxide', 'wave13h-fexofenadine--antacids', 'minor'],
    ['Allegra', 'magnesium', 'wave13h-fexofenadine--antacids', 'minor'],
    // Older, at-least-as-severe answers keep precedence.
    ['omeprazole', 'rilpivirine', 'rilpivirine--omeprazole', 'contraindicated'],
    ['omeprazole', 'atazanavir', 'atazanavir--ppis', 'major'],
    ['omeprazole', 'clopidogrel', 'clopidogrel--omeprazole', 'major'],
    ['omeprazole', 'rifampin', 'wave9c-omeprazole-esomeprazole--strong-cyp2c19-inducers', 'major'],
    ['lansoprazole', 'tacrolimus', 'wave12g-tacrolimus--label-level-raising-drugs', 'moderate'],
    ['mirabegron', 'metoprolol', 'metoprolol--mirabegron', 'moderate'],
    ['alendronate', 'calcium carbonate', 'alendronate--calcium', 'moderate'],
    ['anastrozole', 'estradiol', 'anastrozole--estradiol', 'major'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // One answer per pair.
  it.each<[string, string, string]>([
    ['omeprazole', 'nelfinavir', 'wave13h-ppis--nelfinavir'],
    ['omeprazole', 'tacrolimus', 'wave13h-omeprazole-esomeprazole--tacrolimus'],
    ['mirabegron', 'flecainide', 'wave13h-mirabegron--cyp2d6-narrow-index-substrates'],
    ['anastrozole', 'tamoxifen', 'anastrozole--tamoxifen'],
  ])('%s + %s: only %s', (a, b, ruleId) => {
    expect(curated.findings(a, b).map(([id]) => id)).toEqual([ruleId]);
  });

  // Specificity: partners the labels do not name stay silent.
  it.each<[string, string]>([
    ['pantoprazole', 'tacrolimus'], // the Protonix label does not name tacrolimus
    ['pantoprazole', 'diazepam'], // pantoprazole inhibits CYP2C19 little; only Prilosec names diazepam
    ['pantoprazole', "St. John's wort"], // Prilosec 5.9 only
    ['omeprazole', 'lorazepam'], // glucuronidated, not CYP2C19
    ['omeprazole', 'amlodipine'],
    ['risedronate', 'ibuprofen'], // the Actonel label was not audited here
    ['mirabegron', 'amlodipine'],
    ['fexofenadine', 'calcium carbonate'], // the Allegra label names aluminium and magnesium antacids
    ['fexofenadine', 'metformin'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // The new rules do not escalate routine combinations.
  it.each<[string, string]>([
    ['omeprazole', 'ferrous sulfate'],
    ['alendronate', 'aspirin'],
    ['fexofenadine', 'aluminum hydroxide'],
    ['omeprazole', 'digoxin'],
    ['alendronate', 'ibuprofen'],
  ])('%s + %s: nothing above moderate', (a, b) => {
    expect(['moderate', 'minor', undefined]).toContain(curated.worst(a, b));
  });
});
