import { ActiveMoietyNamer } from './active-moiety.namer';

describe('ActiveMoietyNamer', () => {
  const drugs = new Set(['nitroprusside', 'phenylbutyrate', 'nitrite', 'oxybate', 'thiosulfate', 'siponimod']);
  const namer = new ActiveMoietyNamer((n) => drugs.has(n));

  it.each<[string, string, string]>([
    ['CEFADROXIL/CEFADROXIL HEMIHYDRATE', 'cefadroxil', 'repeated'],
    ['AMPICILLIN/AMPICILLIN TRIHYDRATE', 'ampicillin', 'repeated'],
    ['SIPONIMOD FUMARIC ACID', 'siponimod', 'counter-ion'],
    ['afatinib dimaleate', 'afatinib', 'counter-ion'],
    ['cabozantinib s-malate', 'cabozantinib', 'counter-ion'],
    ['trametinib dimethyl sulfoxide', 'trametinib', 'counter-ion'],
    ['nicotine polacrilex', 'nicotine', 'counter-ion'],
    ['sodium nitroprusside', 'nitroprusside', 'leading-cation'],
    ['magnesium sulfate anhydrous', 'magnesium sulfate', 'hydrate'],
    ['sodium phosphate, dibasic, heptahydrate', 'sodium phosphate dibasic', 'hydrate'],
  ])('%s → %s (%s)', (name, moiety, rule) => {
    expect(namer.moiety(name)).toEqual({ name: moiety, rule });
  });

  it.each([
    ['sodium bicarbonate', 'the anion is a salt word'],
    ['sodium chloride', 'the anion is a salt word'],
    ['sodium fluoride', 'the anion is a salt word'],
    ['sodium phenylbutyrate', 'keep-list: the salt is the drug, although "phenylbutyrate" is a vocabulary name'],
    ['sodium nitrite', 'keep-list'],
    ['sodium oxybate', 'keep-list'],
    ['sodium thiosulfate', 'keep-list'],
    ['sodium glycerophosphate', 'the rest is not a drug name'],
    ['citric acid', 'nothing but the acid would be left'],
    ['fumaric acid', 'nothing but the acid would be left'],
    ['sodium iodide i-131', 'radiopharmaceuticals are left whole'],
    ['iobenguane sulfate i-123', 'radiopharmaceuticals are left whole'],
    ['adefovir dipivoxil', 'a prodrug ester is not a counter-ion'],
    ['siponimod', 'already the moiety'],
  ])('leaves %j (%s)', (name) => {
    expect(namer.moiety(name)).toBeUndefined();
  });
});
