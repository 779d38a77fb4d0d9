import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 19b: the names-only drugs sold in the US only for the skin (topical corticosteroids, calcipotriene, trifarotene,
 * clascoterone, crisaborole, imiquimod, tirbanibulin, sinecatechins), each read against its own US label
 * (ingredients/wave19b-local-review.yaml). None of these labels names another drug: they resolve to reviewed drugs, so
 * a check naming one is complete, and they stay silent with common partners.
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
  ])('%s + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });
});
