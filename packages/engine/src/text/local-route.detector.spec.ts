import { detectDoseSite, detectLocalRoute } from './local-route.detector';

describe('detectLocalRoute', () => {
  it.each<[string, string | undefined]>([
    ['ketoconazole 2% shampoo', 'skin'],
    ['Ketoconazole Cream 2%', 'skin'],
    ['hydrocortisone 1% ointment', 'skin'],
    ['clindamycin topical solution', 'skin'],
    ['erythromycin ophthalmic ointment', 'eye'],
    ['erythromycin eye ointment 0.5%', 'eye'],
    ['Ciloxan eye drops', 'eye'],
    ['prednisolone acetate 1% ophth susp', 'eye'],
    ['ofloxacin otic solution', 'ear'],
    ['ciprofloxacin ear drops', 'ear'],
    ['CIPROFLOXACIN EARDROPS', 'ear'],
    ['Crème de kétoconazole', 'skin'],
    // A systemic word wins: these are absorbed.
    ['miconazole vaginal cream', undefined],
    ['hydrocortisone rectal cream', undefined],
    ['lidocaine transdermal patch', undefined],
    ['clotrimazole troche', undefined],
    ['fluticasone nasal spray', undefined],
    ['ketoconazole 200 mg tablet', undefined],
    // No route stated, or gels (some are absorbed: diclofenac, testosterone): systemic as before.
    ['ketoconazole', undefined],
    ['diclofenac gel', undefined],
    ['Creon', undefined],
    ['Topamax', undefined],
    ['Oticin', undefined],
  ])('%s → %s', (name, route) => {
    expect(detectLocalRoute(name)).toBe(route);
  });
});

describe('detectDoseSite', () => {
  it.each<[string, string | undefined]>([
    // The local routes, as detectLocalRoute reads them.
    ['hydrocortisone 1% cream', 'skin'],
    ['prednisolone acetate 1% ophth susp', 'eye'],
    ['ofloxacin otic solution', 'ear'],
    // The nose and the lungs.
    ['triamcinolone nasal spray', 'nasal'],
    ['fluticasone propionate 50 mcg/actuation nasal spray', 'nasal'],
    ['budesonide inhalation suspension', 'inhaled'],
    ['Advair HFA', 'inhaled'],
    ['fluticasone/salmeterol Diskus', 'inhaled'],
    ['triamcinolone aerosol inhaler', 'inhaled'],
    ['budesonide nebulizer solution', 'inhaled'],
    // The uterus.
    ['levonorgestrel-releasing intrauterine system', 'intrauterine'],
    ['Mirena IUD', 'intrauterine'],
    ['LNG-IUS 52 mg', 'intrauterine'],
    ['levonorgestrel intra-uterine device', 'intrauterine'],
    // A systemic word wins, and no stated site is no site.
    ['budesonide oral capsule', undefined],
    ['triamcinolone acetonide injection', undefined],
    ['hydrocortisone rectal cream', undefined],
    ['dexamethasone intravitreal implant tablet', undefined],
    ['triamcinolone', undefined],
    ['Kenalog-40', undefined],
  ])('%s → %s', (name, site) => {
    expect(detectDoseSite(name)).toBe(site);
  });
});
