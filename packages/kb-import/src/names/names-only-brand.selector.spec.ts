import { compactKey } from '@vigil/engine';
import type { FdaProduct } from './drugs-at-fda-products.reader';
import { NamesOnlyBrandSelector, isSpellingNeighbour } from './names-only-brand.selector';
import { SpellingNeighbourIndex } from './spelling-neighbour.index';

const RX = [1];
const product = (drugName: string, parts: string[], statuses = RX): FdaProduct => ({ drugName, parts, statuses });

describe('NamesOnlyBrandSelector', () => {
  const ingredientOf: Record<string, string> = {
    'SIPONIMOD FUMARIC ACID': 'siponimod',
    'SODIUM NITROPRUSSIDE': 'nitroprusside',
    'AFATINIB DIMALEATE': 'afatinib',
    TERIPARATIDE: 'teriparatide',
    'OLDDRUG HYDROCHLORIDE': 'olddrug',
    'WARFARIN SODIUM': 'warfarin',
    'EXENATIDE SYNTHETIC': 'exenatide-synthetic',
    'MIDODRINE HYDROCHLORIDE': 'midodrine',
  };
  // Today's knowledge base: warfarin (with its brand Coumadin) and exenatide (Byetta) are curated.
  const resolves: Record<string, string> = { coumadin: 'warfarin', byetta: 'exenatide', warfarin: 'warfarin' };
  const select = (products: FdaProduct[]) => {
    const neighbours = new SpellingNeighbourIndex();
    for (const [name, owner] of [
      ['warfarin', 'warfarin'],
      ['coumadin', 'warfarin'],
      ['proamatine', 'midodrine'],
      ['forte', 'qualifier'],
      ['mayzant', 'drugbank:other'],
    ] as const) {
      neighbours.add(compactKey(name), owner);
    }
    const selector = new NamesOnlyBrandSelector({ ingredientOf: (p) => ingredientOf[p], resolve: (n) => resolves[compactKey(n)], neighbours });
    return selector.select(products, new Set(['siponimod', 'nitroprusside', 'afatinib', 'teriparatide', 'olddrug', 'exenatide-synthetic']));
  };
  const skipOf = (products: FdaProduct[], brand: string) => select(products).skipped.find((s) => s.brand === brand)?.reason;

  it('adds the brands of prescription products whose only ingredient is the drug', () => {
    const { brands } = select([
      product('NITROPRESS', ['SODIUM NITROPRUSSIDE']),
      product('GILOTRIF', ['AFATINIB DIMALEATE']),
      product('VYLEESI (AUTOINJECTOR)', ['AFATINIB DIMALEATE']),
    ]);
    expect(Object.fromEntries(brands)).toEqual({ nitroprusside: ['Nitropress'], afatinib: ['Gilotrif', 'Vyleesi'] });
  });

  it.each<[string, FdaProduct[], string, string]>([
    [
      'only discontinued or OTC products carry it',
      [product('OLDBRAND', ['OLDDRUG HYDROCHLORIDE'], [3]), product('OLDBRAND', ['OLDDRUG HYDROCHLORIDE'], [2])],
      'Oldbrand',
      'not-prescription',
    ],
    ['it is the generic name', [product('SODIUM NITROPRUSSIDE', ['SODIUM NITROPRUSSIDE'])], 'Sodium Nitroprusside', 'generic-name'],
    ['it is a generic descriptor', [product('NITROPRUSSIDE IN PLASTIC CONTAINER', ['SODIUM NITROPRUSSIDE'])], 'Nitroprusside In Plastic Container', 'generic-name'],
    ['a combination carries it too', [product('MIXBRAND', ['AFATINIB DIMALEATE']), product('MIXBRAND', ['AFATINIB DIMALEATE', 'WARFARIN SODIUM'])], 'Mixbrand', 'shared'],
    ['it already resolves to another drug', [product('COUMADIN', ['OLDDRUG HYDROCHLORIDE'])], 'Coumadin', 'resolves-elsewhere'],
    ["its first word is another drug's brand", [product('BYETTA PEN', ['EXENATIDE SYNTHETIC'])], 'Byetta Pen', 'resolves-elsewhere'],
    ["it is one edit from another drug's name", [product('COUMADON', ['OLDDRUG HYDROCHLORIDE'])], 'Coumadon', 'neighbour'],
    ['it is one edit from a vocabulary name', [product('MAYZENT', ['SIPONIMOD FUMARIC ACID'])], 'Mayzent', 'neighbour'],
    ['it is one edit from a product-name qualifier', [product('FORTEO', ['TERIPARATIDE'])], 'Forteo', 'neighbour'],
    ['it is two edits from a long name of another drug', [product('PROAMATIME', ['OLDDRUG HYDROCHLORIDE'])], 'Proamatime', 'neighbour'],
    ['its first word names brands of two drugs', [product('DRAX ONE', ['AFATINIB DIMALEATE']), product('DRAX TWO', ['SODIUM NITROPRUSSIDE'])], 'Drax One', 'shared'],
    ['it is too short', [product('ZYX', ['AFATINIB DIMALEATE'])], 'Zyx', 'too-short'],
  ])('skips a brand when %s', (_, products, brand, reason) => {
    expect(skipOf(products, brand)).toBe(reason);
    expect([...select(products).brands.values()].flat()).not.toContain(brand);
  });

  it.each<[string, string, number, boolean]>([
    ['mayzent', 'mayzant', 1, true],
    ['aldara', 'alasa', 2, false], // two edits between short names: the resolver corrects only one
    ['hepatamine', 'heptanamine', 2, true], // longer than 8 letters: two edits are corrected
  ])('isSpellingNeighbour(%s, %s, %d) = %s', (a, b, d, expected) => {
    expect(isSpellingNeighbour(a, b, d)).toBe(expected);
  });
});

describe('SpellingNeighbourIndex', () => {
  it('finds names of other drugs within the distance, also without digits', () => {
    const index = new SpellingNeighbourIndex();
    index.add('2heptanamine', 'drugbank:heptaminol');
    index.add('hepatamine', 'amino-acids');
    expect(index.neighbours('hepatamine', 2, 'amino-acids').map((n) => n.name)).toEqual(['heptanamine']);
    expect(SpellingNeighbourIndex.distance('forteo', 'forte', 2)).toBe(1);
    expect(SpellingNeighbourIndex.distance('abcd', 'badc', 2)).toBe(2);
  });
});
