import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 19b: the names-only drugs sold in the US only for the skin (topical corticosteroids, calcipotriene, tazarotene,
 * trifarotene, clascoterone, crisaborole, imiquimod, tirbanibulin, sinecatechins), each read against its own US label
 * (ingredients/wave19b-local-review.yaml). They resolve to reviewed drugs, so a check naming one is complete; only the
 * tazarotene labels name other drugs (rules/pairs-wave19b-local.yaml). Alitretinoin stays names-only: a bare name may
 * be the EU oral capsule (Toctino), whose interactions (tetracyclines, other retinoids) the US gel label does not list.
 */
describe('curated knowledge base: wave 19b skin-only drugs reviewed against their labels', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string]>([
    ['alclometasone'],
    ['alclometasone dipropionate'],
    ['amcinonide'],
    ['Cloderm'],
    ['clocortolone pivalate'],
    ['desonide'],
    ['Verdeso'],
    ['desoximetasone'],
    ['diflorasone diacetate'],
    ['fluocinonide'],
    ['fluocinonide cream'],
    ['Vanos'],
    ['Lidex-E'],
    ['flurandrenolide'],
    ['Halog'],
    ['halcinonide'],
    ['halobetasol propionate'],
    ['Lexette'],
    ['Bryhali'],
    ['Ultravate'],
    ['prednicarbate'],
    ['calcipotriene'],
    ['Dovonex'],
    ['Sorilux'],
    ['tazarotene'],
    ['Tazorac'],
    ['Fabior'],
    ['Arazlo'],
    ['Avage'],
    ['trifarotene'],
    ['Aklief'],
    ['clascoterone'],
    ['Winlevi'],
    ['crisaborole'],
    ['Eucrisa'],
    ['imiquimod'],
    ['Aldara'],
    ['Zyclara'],
    ['tirbanibulin'],
    ['Klisyri'],
    ['sinecatechins'],
    ['Veregen'],
  ])('%s resolves to a reviewed drug', (name) => {
    curated.expectReviewed(name);
  });

  it.each<[string, string, string, string]>([
    // Tazorac 5 (photosensitivity): caution with the photosensitisers it names.
    ['tazarotene', 'hydrochlorothiazide', 'wave19b-tazarotene--thiazide-diuretics', 'minor'],
    ['Tazorac', 'chlorthalidone', 'wave19b-tazarotene--thiazide-diuretics', 'minor'],
    ['Fabior', 'doxycycline', 'wave19b-tazarotene--tetracyclines', 'minor'],
    ['tazarotene', 'minocycline', 'wave19b-tazarotene--tetracyclines', 'minor'],
    ['Tazorac', 'ciprofloxacin', 'wave19b-tazarotene--fluoroquinolones', 'minor'],
    ['tazarotene', 'levofloxacin', 'wave19b-tazarotene--fluoroquinolones', 'minor'],
    ['tazarotene', 'chlorpromazine', 'wave19b-tazarotene--phenothiazines', 'minor'],
    ['Arazlo', 'promethazine', 'wave19b-tazarotene--phenothiazines', 'minor'],
    ['tazarotene', 'Bactrim', 'wave19b-tazarotene--sulfonamide-antibiotics', 'minor'],
    // Arazlo and Fabior 7: oxidising agents such as benzoyl peroxide degrade tazarotene.
    ['Arazlo', 'benzoyl peroxide', 'wave19b-tazarotene--benzoyl-peroxide', 'moderate'],
    ['tazarotene', 'PanOxyl', 'wave19b-tazarotene--benzoyl-peroxide', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  it('Duobrii (halobetasol with tazarotene) keeps the tazarotene label findings', () => {
    curated.expectFinding('Duobrii', 'hydrochlorothiazide', 'wave19b-tazarotene--thiazide-diuretics', 'minor');
  });

  // Labels that name no other drug: no finding with common partners. The topical steroids are not systemic
  // glucocorticoids, so the NSAID, fluoroquinolone and vaccine rules of the tablets do not answer for them.
  it.each<[string, string]>([
    ['fluocinonide', 'warfarin'],
    ['fluocinonide', 'ibuprofen'],
    ['halobetasol', 'levofloxacin'],
    ['desonide', 'simvastatin'],
    ['clocortolone pivalate', 'warfarin'],
    ['calcipotriene', 'hydrochlorothiazide'],
    ['calcipotriene', 'calcium carbonate'],
    ['crisaborole', 'warfarin'],
    ['imiquimod', 'simvastatin'],
    ['trifarotene', 'doxycycline'],
    ['clascoterone', 'spironolactone'],
    ['tirbanibulin', 'ketoconazole'],
    ['sinecatechins', 'warfarin'],
    ['tazarotene', 'warfarin'],
  ])('%s + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });
});
