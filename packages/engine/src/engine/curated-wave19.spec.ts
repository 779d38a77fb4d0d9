import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Session 23: the levonorgestrel IUD (Mirena, Kyleena, Liletta, Skyla; "levonorgestrel IUD") is used in the uterus
 * (site `intrauterine`). The pill's enzyme-inducer rules say "contraception unreliable"; the IUD labels make no efficacy
 * claim, and the CDC US MEC gives the LNG-IUD no restriction with rifampin or enzyme-inducing anticonvulsants. Those
 * rules carry `notAt: [intrauterine]`, and levonorgestrel's CYP3A4 role does not apply there (`pathwaysNotAt`).
 */
describe('curated knowledge base: the levonorgestrel IUD is not the pill', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string]>([
    ['Mirena', 'rifampin'],
    ['Mirena', 'carbamazepine'],
    ['Kyleena', 'phenytoin'],
    ['Liletta', 'St John’s wort'],
    ['Skyla', 'oxcarbazepine'],
    ['Mirena', 'topiramate'],
    ['Mirena', 'efavirenz'],
    ['Mirena', 'enzalutamide'],
    ['Mirena', 'modafinil'],
    ['Mirena', 'bosentan'],
    ['Mirena', 'ritonavir'],
    ['Mirena', 'clarithromycin'],
    ['levonorgestrel IUD', 'carbamazepine'],
    ['levonorgestrel-releasing intrauterine system', 'rifampin'],
    ['levonorgestrel 52 mg intrauterine device', 'phenobarbital'],
  ])('%s + %s: no contraceptive-failure finding', (iud, partner) => {
    const r = curated.check([iud, partner]);
    expect(r.summary.complete).toBe(true);
    expect(r.resolutions[0]).toMatchObject({ status: 'resolved', site: 'intrauterine', ingredients: [expect.objectContaining({ id: 'levonorgestrel' })] });
    expect(r.interactions).toEqual([]);
  });

  it.each<[string, string, string, string]>([
    // The pill, the morning-after pill and a bare "levonorgestrel" keep the inducer answers.
    ['levonorgestrel', 'rifampin', 'levonorgestrel--rifampin', 'major'],
    ['Plan B One-Step', 'carbamazepine', 'levonorgestrel--carbamazepine', 'major'],
    ['levonorgestrel', 'enzalutamide', 'strong-cyp3a4-inducers--hormonal-contraceptives', 'major'],
    ['levonorgestrel', 'topiramate', 'wave17a-topiramate--progestin-contraceptives', 'moderate'],
    // Labels that name non-oral hormonal contraception keep answering for the IUD.
    ['Mirena', 'sugammadex', 'sugammadex--hormonal-contraceptives', 'major'],
    ['Mirena', 'ulipristal', 'ulipristal--ulipristal-interacting-progestins', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  it('the request route decides over the brand: levonorgestrel sent as intrauterine is the IUD, Mirena sent as systemic is not', () => {
    expect(curated.check([{ name: 'levonorgestrel', route: 'intrauterine' }, 'rifampin']).interactions).toEqual([]);
    const systemic = curated.check([{ name: 'Mirena', route: 'systemic' }, 'rifampin']);
    expect(systemic.resolutions[0].site).toBeUndefined();
    expect(systemic.interactions.map((f) => f.ruleId)).toEqual(['levonorgestrel--rifampin']);
  });

  it('reports where a site-sensitive entry was taken to be used, and nothing for a systemic one', () => {
    const r = curated.check(['Acular', 'Advair HFA', 'Mirena', 'warfarin']);
    expect(r.resolutions.map((x) => x.site)).toEqual(['eye', 'inhaled', 'intrauterine', undefined]);
  });
});

/**
 * Generated combination products carry the one non-systemic site of their Drugs@FDA products (Form route OPHTHALMIC,
 * OTIC, TOPICAL, NASAL, INHALATION, INTRAUTERINE), as the hand-written products.yaml entries do.
 */
describe('curated knowledge base: generated combination products used at one site', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string]>([
    ['Tobradex ST', 'eye'],
    ['Pred-G', 'eye'],
    ['Blephamide S.O.P.', 'eye'],
    ['Otovel', 'ear'],
    ['Enstilar', 'skin'],
    ['Duaklir Pressair', 'inhaled'],
  ])('%s is used at the %s', (product, site) => {
    expect(curated.check([product, 'warfarin']).resolutions[0].site).toBe(site);
  });

  it('Tobradex ST and Pred-G eye drops with furosemide: not the systemic aminoglycoside rule', () => {
    curated.expectSilent('Tobradex ST', 'furosemide');
    curated.expectSilent('Pred-G', 'furosemide');
  });
});

/**
 * Pimecrolimus (Elidel) is reviewed: its label expects no systemic interactions and asks for caution with CYP3A
 * inhibitors in widespread disease (minor). The guard list of other drugs' names (other-names.txt), regenerated, keeps
 * names of other substances from being spelling-corrected into a drug of the pack.
 */
describe('curated knowledge base: Elidel, and names that must not become another drug', () => {
  const curated = new CuratedCheckFixture();

  it('Elidel resolves to pimecrolimus; with a CYP3A inhibitor, the label caution (minor); with warfarin, nothing', () => {
    curated.expectFinding('Elidel', 'ketoconazole', 'session23-pimecrolimus--cyp3a4-inhibitors', 'minor');
    curated.expectFinding('pimecrolimus cream', 'diltiazem', 'session23-pimecrolimus--cyp3a4-inhibitors', 'minor');
    curated.expectReviewed('Elidel', 'warfarin');
    curated.expectSilent('Elidel', 'warfarin');
  });

  it.each<[string, string]>([
    ['AdoMet', 'methyldopa'], // S-adenosylmethionine (SAMe), not Aldomet
    ['Methenamide', 'methenamine'],
    ['DDATP', 'desmopressin'],
    ['Anhydro-retinol', 'vitamin-a'],
    ['4-Dmpen', 'penicillamine'],
    ['eli-cel', 'pimecrolimus'], // elivaldogene autotemcel, not Elidel
  ])('%s is not corrected into %s', (name, wrong) => {
    const r = curated.check([name, 'warfarin']).resolutions[0];
    expect(r.ingredients.map((i) => i.id)).not.toContain(wrong);
  });
});
