import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 16 (session 22, beside the label-audit waves 16a-16e): what the reviews of those waves found outside their own
 * drug lists: tramadol's CYP2D6 row (labels.yaml, session22-tramadol--moderate-cyp2d6-inhibitors), melatonin with strong
 * CYP1A2 inhibitors, vericiguat's own label, methenamine and Kayexalate
 * (names that did not resolve), skin brands of ivermectin and calcitriol, azelastine nasal with CNS depressants, Polytrim as
 * an eye drop, and one brimonidine + MAO inhibitor finding (rules/pairs-wave16-review.yaml).
 */
describe('curated knowledge base: wave 16 review findings', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Ultram boxed warning and 7: moderate CYP2D6 inhibitors (strong ones answer through the class rule).
    ['tramadol', 'mirabegron', 'session22-tramadol--moderate-cyp2d6-inhibitors', 'moderate'],
    ['Ultram', 'cinacalcet', 'session22-tramadol--moderate-cyp2d6-inhibitors', 'moderate'],
    ['tramadol', 'terbinafine', 'cyp2d6-prodrug-opioids--strong-cyp2d6-inhibitors', 'moderate'],
    // Berotralstat keeps the more severe boxed CYP3A4 statement.
    ['tramadol', 'berotralstat', 'boxed-warning-opioids--cyp3a4-inhibitors', 'major'],
    // Codeine's row (wave 16d) and tramadol's agree.
    ['codeine', 'mirabegron', 'wave16d-codeine--moderate-cyp2d6-inhibitors', 'moderate'],
    // Melatonin with the strong CYP1A2 inhibitors: one answer, moderate (the generic major template no longer answers).
    ['melatonin', 'fluvoxamine', 'wave16-melatonin--strong-cyp1a2-inhibitors', 'moderate'],
    ['melatonin', 'ciprofloxacin', 'wave16-melatonin--strong-cyp1a2-inhibitors', 'moderate'],
    ['melatonin', 'Cipro', 'wave16-melatonin--strong-cyp1a2-inhibitors', 'moderate'],
    // Vericiguat's own label: nitrates caution, PDE5 inhibitors not recommended, other sGC stimulators contraindicated.
    ['vericiguat', 'isosorbide mononitrate', 'wave16-vericiguat--nitrates', 'moderate'],
    ['Verquvo', 'nitroglycerin', 'wave16-vericiguat--nitrates', 'moderate'],
    ['Verquvo', 'sildenafil', 'wave16-vericiguat--pde5-inhibitors', 'major'],
    ['vericiguat', 'riociguat', 'wave16-vericiguat--riociguat', 'contraindicated'],
    // Riociguat keeps its contraindications.
    ['riociguat', 'isosorbide dinitrate', 'riociguat--isosorbide-dinitrate', 'contraindicated'],
    ['riociguat', 'avanafil', 'pde5-inhibitors--sgc-stimulators', 'contraindicated'],
    // Methenamine (Hiprex, Urex) now resolves: sulfonamides contraindicated, acetazolamide defeats it.
    ['Hiprex', 'Bactrim', 'wave16-methenamine--sulfonamide-antibiotics', 'contraindicated'],
    ['methenamine hippurate', 'sulfadiazine', 'wave16-methenamine--sulfonamide-antibiotics', 'contraindicated'],
    ['Urex', 'acetazolamide', 'wave16-methenamine--acetazolamide', 'moderate'],
    ['methenamine', 'Adderall', 'wave13b-mixed-amphetamine-salts--acidifying-agents', 'moderate'],
    // Kayexalate resolves to sodium polystyrene sulfonate.
    ['Kayexalate', 'levothyroxine', 'thyroid-hormones--sodium-polystyrene-sulfonate', 'moderate'],
    // Sirturo exempts nevirapine from its CYP3A4-inducer advice; efavirenz keeps it.
    ['bedaquiline', 'nevirapine', 'wave16-bedaquiline--nevirapine', 'minor'],
    ['Sirturo', 'efavirenz', 'bedaquiline--cyp3a4-inducers', 'major'],
    // Azelastine nasal sprays: the labels say to avoid other CNS depressants (the eye drops leave the domain).
    ['Astelin', 'oxycodone', 'additive:cns-depression', 'moderate'],
    ['Dymista', 'zolpidem', 'additive:cns-depression', 'moderate'],
    // Brimonidine with an MAO inhibitor: one finding, the 0.2% label's contraindication (wave 16e).
    ['brimonidine', 'phenelzine', 'wave16e-brimonidine--maois-contraindicated', 'contraindicated'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  it('melatonin + ciprofloxacin and brimonidine + phenelzine give one finding each', () => {
    expect(curated.findings('melatonin', 'ciprofloxacin')).toEqual([['wave16-melatonin--strong-cyp1a2-inhibitors', 'moderate']]);
    expect(curated.findings('Alphagan P', 'phenelzine')).toEqual([['wave16e-brimonidine--maois-contraindicated', 'contraindicated']]);
  });

  // Skin brands of drugs whose interactions are those of the tablets (wave 16e's systemic-only classes).
  it.each<[string, string]>([
    ['Soolantra', 'warfarin'],
    ['Sklice', 'warfarin'],
    ['Vectical', 'hydrochlorothiazide'],
    // Protopic is the ointment: the systemic-tacrolimus class of wave 18b leaves it out.
    ['Protopic', 'Pradaxa'],
    // Optivar is the eye drop: no CNS-depression count.
    ['Optivar', 'oxycodone'],
  ])('%s (skin) + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });

  it('Polytrim eye drops are not checked as oral trimethoprim (no serum levels), and the check says so', () => {
    const r = curated.check(['Polytrim', 'lisinopril']);
    expect(r.interactions).toEqual([]);
    expect(r.resolutions[0].localUse).toMatchObject({ route: 'eye', checked: false });
    expect(r.warnings.map((w) => w.code)).toContain('local_use_not_checked');
    expect(curated.worst('Bactrim', 'lisinopril')).toBe('moderate');
  });

  it("diclofenac eye drops answer only the bleeding domain; the gel keeps the tablets' warfarin rule", () => {
    expect(curated.findings('diclofenac eye drops', 'warfarin')).toEqual([['additive:bleeding', 'moderate']]);
    expect(curated.findings('diclofenac eye drops', 'lithium')).toEqual([]);
    expect(curated.findings('Voltaren gel', 'warfarin')).toContainEqual(['warfarin--diclofenac', 'major']);
  });

  it('Hiprex, Urex and Kayexalate resolve to reviewed drugs', () => {
    for (const name of ['Hiprex', 'Urex', 'methenamine', 'Kayexalate']) curated.expectReviewed(name);
  });

  // Opioids that do not need CYP2D6 activation stay silent with a moderate CYP2D6 inhibitor.
  it.each<[string, string]>([
    ['hydrocodone', 'mirabegron'],
    ['morphine', 'cinacalcet'],
  ])('%s + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });
});
