import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 10d (issue #11, items 6 and 7): names and forms that lost a finding — intravenous calcium gluconate and Ringer's
 * solutions split from oral calcium (ceftriaxone, digoxin), tetrahydrozoline, and the subcutaneous antibody +
 * hyaluronidase products. knowledge/ingredients/wave10d-names-review.yaml, rules/pairs-wave10d-names-review.yaml, the
 * "Wave 10d" section of products.yaml.
 */
describe('curated knowledge base: names and forms reviewed in wave 10d', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Ceftriaxone precipitates with intravenous calcium: the salts given IV and the calcium-containing IV solutions.
    ['calcium gluconate', 'ceftriaxone', 'ceftriaxone--intravenous-calcium-salts', 'major'],
    ['ceftriaxone', 'calcium gluconate', 'ceftriaxone--intravenous-calcium-salts', 'major'],
    ['calcium gluconate 10% injection', 'Rocephin', 'ceftriaxone--intravenous-calcium-salts', 'major'],
    ['calcium gluconate in sodium chloride injection', 'ceftriaxone', 'ceftriaxone--intravenous-calcium-salts', 'major'],
    ['calcium chloride', 'ceftriaxone', 'ceftriaxone--intravenous-calcium-salts', 'major'],
    ['ceftriaxone', 'calcium chloride', 'ceftriaxone--intravenous-calcium-salts', 'major'],
    ['lactated ringers', 'ceftriaxone', 'ceftriaxone--intravenous-calcium-salts', 'major'],
    ["Hartmann's solution", 'ceftriaxone', 'ceftriaxone--intravenous-calcium-salts', 'major'],
    ["Ringer's injection", 'ceftriaxone', 'ceftriaxone--intravenous-calcium-salts', 'major'],
    // Concentrated IV calcium and digoxin (both salts' labels).
    ['calcium gluconate', 'digoxin', 'calcium-gluconate--cardiac-glycosides', 'moderate'],
    ['calcium chloride', 'digoxin', 'calcium-chloride--cardiac-glycosides', 'moderate'],
    // Oral salts keep every calcium rule they had.
    ['calcium carbonate', 'ciprofloxacin', 'ciprofloxacin--calcium', 'moderate'],
    ['Tums', 'levofloxacin', 'levofloxacin--calcium', 'moderate'],
    ['calcium citrate', 'levothyroxine', 'levothyroxine--calcium', 'moderate'],
    ['calcium acetate', 'doxycycline', 'doxycycline--calcium', 'moderate'],
    ['PhosLo', 'moxifloxacin', 'moxifloxacin--calcium', 'moderate'],
    ['calcium carbonate', 'alendronate', 'alendronate--calcium', 'moderate'],
    ['calcium carbonate', 'dolutegravir', 'dolutegravir--calcium', 'moderate'],
    ['calcium carbonate', 'hydrochlorothiazide', 'hydrochlorothiazide--calcium', 'minor'],
    ['calcium carbonate', 'estramustine', 'estramustine--estramustine-label-cation-products', 'moderate'],
    // Calcium gluconate named without a route may be the oral supplement: the chelation class rules still answer.
    ['calcium gluconate', 'ciprofloxacin', 'fluoroquinolones--polyvalent-cations', 'moderate'],
    ['calcium gluconate', 'tetracycline', 'tetracyclines--polyvalent-cations', 'moderate'],
    ['calcium gluconate', 'levothyroxine', 'thyroid-hormones--polyvalent-cations', 'moderate'],
    // Tetrahydrozoline: the Tyzine label's MAOI contraindication, graded avoid.
    ['tetrahydrozoline', 'phenelzine', 'tetrahydrozoline--maois', 'major'],
    ['Visine', 'selegiline', 'tetrahydrozoline--maois', 'major'],
    ['Tyzine', 'tranylcypromine', 'tetrahydrozoline--maois', 'major'],
    // Subcutaneous co-formulations bring their antibody's findings.
    ['Herceptin Hylecta', 'doxorubicin', 'anthracyclines--trastuzumab-products', 'major'],
    ['Phesgo', 'epirubicin', 'anthracyclines--trastuzumab-products', 'major'],
    ['trastuzumab and hyaluronidase-oysk', 'doxorubicin', 'anthracyclines--trastuzumab-products', 'major'],
    ['pertuzumab/trastuzumab/hyaluronidase-zzxf', 'daunorubicin', 'anthracyclines--trastuzumab-products', 'major'],
    ['Phesgo', 'Herceptin', 'duplicate:ingredient', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Each product resolves as one known combination of its antibody(ies) and its hyaluronidase: no split warning.
  it.each<[string, string[]]>([
    ['Herceptin Hylecta', ['trastuzumab', 'hyaluronidase-oysk']],
    ['Phesgo', ['pertuzumab', 'trastuzumab', 'hyaluronidase-zzxf']],
    ['Rituxan Hycela', ['rituximab', 'hyaluronidase']],
    ['Darzalex Faspro', ['daratumumab', 'hyaluronidase-fihj']],
    ['Tecentriq Hybreza', ['atezolizumab', 'hyaluronidase-tqjs']],
    ['Ocrevus Zunovo', ['ocrelizumab', 'hyaluronidase-ocsq']],
    ['Opdivo Qvantig', ['nivolumab', 'hyaluronidase-nvhy']],
    ['Keytruda Qlex', ['pembrolizumab', 'berahyaluronidase-alfa']],
    ['Vyvgart Hytrulo', ['efgartigimod-alfa', 'hyaluronidase-qvfc']],
    ['trastuzumab and hyaluronidase-oysk', ['trastuzumab', 'hyaluronidase-oysk']],
    ['daratumumab and hyaluronidase-fihj', ['daratumumab', 'hyaluronidase-fihj']],
  ])('%s resolves to a known combination of %j', (name, ids) => {
    const r = curated.check([name, 'warfarin']);
    expect(r.resolutions[0].status).toBe('resolved');
    expect(r.resolutions[0].ingredients.map((i) => i.id).sort()).toEqual([...ids].sort());
    expect(r.warnings.map((w) => w.code)).not.toContain('split_combination');
  });

  // Every drug of the wave is reviewed: a check with it is complete.
  it.each([
    ['calcium gluconate'],
    ['lactated ringers'],
    ["Ringer's injection"],
    ['tetrahydrozoline'],
    ['hyaluronidase'],
    ['Hylenex'],
    ['Herceptin Hylecta'],
    ['Phesgo'],
    ['Rituxan Hycela'],
    ['Darzalex Faspro'],
    ['Tecentriq Hybreza'],
    ['Ocrevus Zunovo'],
    ['Opdivo Qvantig'],
    ['Keytruda Qlex'],
    ['nivolumab'],
    ['pembrolizumab'],
    ['pertuzumab'],
    ['Xolair'],
  ])('%s is reviewed: a check with it is complete', (drug) => {
    curated.expectReviewed(drug);
  });

  // Specificity: what the labels do not support must not alert.
  it.each<[string, string]>([
    // The ceftriaxone label reports no interaction with oral calcium (nor with IM ceftriaxone): oral salts stay silent.
    ['calcium carbonate', 'ceftriaxone'],
    ['calcium acetate', 'ceftriaxone'],
    ['calcium citrate', 'ceftriaxone'],
    ['Tums', 'ceftriaxone'],
    // Other cephalosporins have no calcium statement.
    ['calcium gluconate', 'cefazolin'],
    ['lactated ringers', 'cefepime'],
    // Oral calcium and the dilute calcium of Ringer's solutions carry no digoxin warning; Ringer's does not chelate.
    ['calcium carbonate', 'digoxin'],
    ['lactated ringers', 'digoxin'],
    ['lactated ringers', 'ciprofloxacin'],
    // Tetrahydrozoline: no tricyclic statement on its labels (unlike naphazoline's), nothing with beta-blockers.
    ['tetrahydrozoline', 'amitriptyline'],
    ['Visine', 'metoprolol'],
    // Two different subcutaneous products: their hyaluronidases are not one drug taken twice.
    ['Darzalex Faspro', 'Phesgo'],
    ['Rituxan Hycela', 'Tecentriq Hybreza'],
    // Hyaluronidase's incompatibilities are in-syringe handling notes, not list interactions.
    ['hyaluronidase', 'furosemide'],
    ['Opdivo Qvantig', 'warfarin'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });
});
