import { compactKey } from '@vigil/engine';
import { CombinationBrandSelector, siteOfRoutes } from './combination-brand.selector';
import type { FdaProduct } from './drugs-at-fda-products.reader';
import { SpellingNeighbourIndex } from './spelling-neighbour.index';

const RX = [1];
const product = (drugName: string, parts: string[], statuses = RX): FdaProduct => ({ drugName, parts, statuses });

describe('CombinationBrandSelector', () => {
  // Ingredient strings the knowledge base reads deterministically (name, synonym or salt form).
  const ingredientOf: Record<string, string> = {
    'AVIBACTAM SODIUM': 'avibactam',
    CEFTAZIDIME: 'ceftazidime',
    IVACAFTOR: 'ivacaftor',
    LUMACAFTOR: 'lumacaftor',
    'IVACAFTOR, TEZACAFTOR': 'ivacaftor-tezacaftor', // a names-only entry named by an unsplit list
    'ESTROGENS, CONJUGATED': 'conjugated-estrogens',
    'BAZEDOXIFENE ACETATE': 'bazedoxifene',
    'MENOTROPINS (FSH': 'menotropins-fsh', // a fragment of "MENOTROPINS (FSH;LH)"
    'LH)': 'lh',
    'HYDROCODONE BITARTRATE': 'hydrocodone',
    ACETAMINOPHEN: 'acetaminophen',
    'WARFARIN SODIUM': 'warfarin',
    ASPIRIN: 'aspirin',
    'BETAMETHASONE ACETATE': 'betamethasone',
    'BETAMETHASONE SODIUM PHOSPHATE': 'betamethasone',
    SACUBITRIL: 'sacubitril',
    VALSARTAN: 'valsartan',
    'BUPIVACAINE HYDROCHLORIDE': 'bupivacaine',
    'EPINEPHRINE BITARTRATE': 'epinephrine',
  };
  // Today's knowledge base: Norco (hand-written product), Coumadin (warfarin's brand), Sensorcaine (bupivacaine).
  const resolves: Record<string, string> = {
    norco: 'acetaminophen+hydrocodone',
    coumadin: 'warfarin',
    warfarin: 'warfarin',
    entresto: 'sacubitril+valsartan',
    sensorcaine: 'bupivacaine',
  };
  const select = (products: FdaProduct[], exclusions = [{ brand: 'Baddie', reason: 'read by eye: wrong ingredients' }]) => {
    const neighbours = new SpellingNeighbourIndex();
    for (const [name, owner] of [
      ['warfarin', 'warfarin'],
      ['coumadin', 'warfarin'],
      ['norco', 'acetaminophen+hydrocodone'],
      ['primachin', 'primaquine'],
      ['forte', 'qualifier'],
      ['ketocaine', 'drugbank:Ketocaine'],
    ] as const) {
      neighbours.add(compactKey(name), owner);
    }
    return new CombinationBrandSelector({ ingredientOf: (p) => ingredientOf[p], resolve: (n) => resolves[compactKey(n)], neighbours }, exclusions).select(products);
  };
  const skipOf = (products: FdaProduct[], brand: string) => select(products).skipped.find((s) => s.brand === brand)?.reason;

  it('adds prescription combination brands with their ingredients, title-cased, in Drugs@FDA order', () => {
    const { products, skipped } = select([
      product('AVYCAZ', ['AVIBACTAM SODIUM', 'CEFTAZIDIME']),
      product('ORKAMBI', ['LUMACAFTOR', 'IVACAFTOR']),
      product('ORKAMBI', ['LUMACAFTOR', 'IVACAFTOR'], [3]),
      product('DUAVEE', ['BAZEDOXIFENE ACETATE', 'ESTROGENS, CONJUGATED']),
      product('WARFARIN SODIUM', ['WARFARIN SODIUM']), // one ingredient: not a candidate at all
    ]);
    expect(products).toEqual([
      { name: 'Avycaz', ingredients: ['avibactam', 'ceftazidime'] },
      { name: 'Duavee', ingredients: ['bazedoxifene', 'conjugated-estrogens'] },
      { name: 'Orkambi', ingredients: ['lumacaftor', 'ivacaftor'] },
    ]);
    expect(skipped).toEqual([]);
  });

  it.each<[string, FdaProduct[], string, string]>([
    ['one brand names two combinations', [product('MIXBRAND', ['AVIBACTAM SODIUM', 'CEFTAZIDIME']), product('MIXBRAND', ['IVACAFTOR', 'LUMACAFTOR'], [3])], 'Mixbrand', 'shared'],
    [
      'one brand names a combination and a single drug',
      [product('SENSORCAINE', ['BUPIVACAINE HYDROCHLORIDE']), product('SENSORCAINE', ['BUPIVACAINE HYDROCHLORIDE', 'EPINEPHRINE BITARTRATE'])],
      'Sensorcaine',
      'shared',
    ],
    [
      'its first word starts brands of other ingredient sets',
      [product('DRAX ONE', ['AVIBACTAM SODIUM', 'CEFTAZIDIME']), product('DRAX TWO', ['IVACAFTOR', 'LUMACAFTOR'])],
      'Drax One',
      'shared',
    ],
    [
      'only discontinued or OTC products carry it',
      [product('OLDCOMBO', ['ASPIRIN', 'ACETAMINOPHEN'], [3]), product('OLDCOMBO', ['ASPIRIN', 'ACETAMINOPHEN'], [2])],
      'Oldcombo',
      'not-prescription',
    ],
    [
      'it is the ingredient list',
      [product('HYDROCODONE BITARTRATE AND ACETAMINOPHEN', ['HYDROCODONE BITARTRATE', 'ACETAMINOPHEN'])],
      'Hydrocodone Bitartrate And Acetaminophen',
      'generic-name',
    ],
    ['it is a list of abbreviated ingredients', [product('HYDROC BIT, APAP', ['HYDROCODONE BITARTRATE', 'ACETAMINOPHEN'])], 'Hydroc Bit, Apap', 'generic-name'],
    ['it is a generic descriptor', [product('AVIBACTAM KIT', ['AVIBACTAM SODIUM', 'CEFTAZIDIME'])], 'Avibactam Kit', 'generic-name'],
    ['an ingredient is not known', [product('NEWCOMBO', ['ASPIRIN', 'UNKNOWNIUM'])], 'Newcombo', 'unresolved-ingredient'],
    ['an ingredient string is an unsplit list', [product('SYMDEKO', ['IVACAFTOR', 'IVACAFTOR, TEZACAFTOR'])], 'Symdeko', 'unresolved-ingredient'],
    ['its ingredients were split inside parentheses', [product('MENOPUR', ['MENOTROPINS (FSH', 'LH)'])], 'Menopur', 'unresolved-ingredient'],
    [
      'its ingredient strings are salts of one drug',
      [product('CELESTONE SOLUSPAN', ['BETAMETHASONE ACETATE', 'BETAMETHASONE SODIUM PHOSPHATE'])],
      'Celestone Soluspan',
      'single-ingredient',
    ],
    ['it is too short', [product('YAX', ['ASPIRIN', 'ACETAMINOPHEN'])], 'Yax', 'too-short'],
    ['it is on the exclusion list', [product('BADDIE', ['ASPIRIN', 'ACETAMINOPHEN'])], 'Baddie', 'excluded'],
    ['it is already the same product (products.yaml)', [product('ENTRESTO', ['SACUBITRIL', 'VALSARTAN'])], 'Entresto', 'known'],
    ['it already resolves to another drug', [product('COUMADIN', ['ASPIRIN', 'ACETAMINOPHEN'])], 'Coumadin', 'resolves-elsewhere'],
    ["its first word is another drug's brand", [product('COUMADIN PLUS', ['WARFARIN SODIUM', 'ASPIRIN'])], 'Coumadin Plus', 'resolves-elsewhere'],
    ["it is one edit from another drug's name", [product('NORCA', ['AVIBACTAM SODIUM', 'CEFTAZIDIME'])], 'Norca', 'neighbour'],
    ['it is two edits from a long name of another drug', [product('PRIMAXIN', ['ASPIRIN', 'ACETAMINOPHEN'])], 'Primaxin', 'neighbour'],
    ['it is two edits from a vocabulary name', [product('SEPTOCAINE', ['BUPIVACAINE HYDROCHLORIDE', 'EPINEPHRINE BITARTRATE'])], 'Septocaine', 'neighbour'],
    ['it is one edit from a product-name qualifier', [product('FORTA', ['ASPIRIN', 'ACETAMINOPHEN'])], 'Forta', 'neighbour'],
    [
      'it is one edit from a brand of another ingredient set in Drugs@FDA',
      [product('ZUMBRA', ['ASPIRIN', 'ACETAMINOPHEN']), product('ZUMBRO', ['IVACAFTOR', 'LUMACAFTOR'])],
      'Zumbra',
      'neighbour',
    ],
  ])('skips a brand when %s', (_, products, brand, reason) => {
    expect(skipOf(products, brand)).toBe(reason);
    expect(select(products).products.map((p) => p.name)).not.toContain(brand);
  });

  it('keeps a brand that is a neighbour only of a name with the same ingredients', () => {
    // "Norcp" is one edit from Norco, but both are hydrocodone + acetaminophen: a correction cannot change the drug.
    const { products } = select([product('NORCP', ['HYDROCODONE BITARTRATE', 'ACETAMINOPHEN'])]);
    expect(products).toEqual([{ name: 'Norcp', ingredients: ['hydrocodone', 'acetaminophen'] }]);
  });

  it('keys ingredient sets by sorted distinct ids', () => {
    expect(CombinationBrandSelector.setKey(['valsartan', 'sacubitril', 'valsartan'])).toBe('sacubitril+valsartan');
  });
});

describe('siteOfRoutes', () => {
  it.each<[string, (string[] | undefined)[], string | undefined]>([
    ['one eye route', [['OPHTHALMIC']], 'eye'],
    ['every product on the skin', [['TOPICAL'], ['TOPICAL']], 'skin'],
    ['ear, nose, lungs, uterus', [['OTIC']], 'ear'],
    ['a nasal spray', [['NASAL']], 'nasal'],
    ['an inhaler', [['INHALATION']], 'inhaled'],
    ['an IUD', [['INTRAUTERINE']], 'intrauterine'],
    ['one product taken by mouth', [['OPHTHALMIC'], ['ORAL']], undefined],
    ['two sites in one form', [['OPHTHALMIC', 'OTIC']], undefined],
    ['skin and vagina', [['TOPICAL', 'VAGINAL']], undefined],
    ['an unread form', [['OPHTHALMIC'], undefined], undefined],
    ['no route', [[]], undefined],
  ])('%s', (_label, routes, site) => {
    expect(siteOfRoutes(routes)).toBe(site);
  });
});
