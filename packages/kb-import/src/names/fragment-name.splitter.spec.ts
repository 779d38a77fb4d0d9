import { splitFragmentNames, type NamesOnlyEntry } from './fragment-name.splitter';

const entry = (id: string, name: string, salts: string[] = []): NamesOnlyEntry => ({ id, name, salts, brands: [] });

describe('splitFragmentNames', () => {
  it.each<[string, NamesOnlyEntry, Array<[string, string, string[]]>]>([
    ['an oxide', entry('nitric', 'nitric', ['nitric oxide']), [['nitric-oxide', 'nitric oxide', []]]],
    ['a -ous oxide', entry('nitrous', 'nitrous', ['nitrous oxide']), [['nitrous-oxide', 'nitrous oxide', []]]],
    ['a -ic chloride', entry('chromic', 'chromic', ['chromic chloride']), [['chromic-chloride', 'chromic chloride', []]]],
    [
      'two salts of one cation adjective: two drugs',
      entry('cupric', 'cupric', ['cupric chloride', 'cupric sulfate']),
      [
        ['cupric-chloride', 'cupric chloride', []],
        ['cupric-sulfate', 'cupric sulfate', []],
      ],
    ],
    ['a ferric salt', entry('ferric', 'ferric', ['ferric citrate']), [['ferric-citrate', 'ferric citrate', []]]],
    ['an alkyl sulfate', entry('sodium-tetradecyl', 'sodium tetradecyl', ['sodium tetradecyl sulfate']), [['sodium-tetradecyl-sulfate', 'sodium tetradecyl sulfate', []]]],
    ['a bare element', entry('barium', 'barium', ['barium sulfate']), [['barium-sulfate', 'barium sulfate', []]]],
    ['an isotope-tagged element', entry('indium-in-111', 'indium in-111', ['indium in-111 chloride']), [['indium-in-111-chloride', 'indium in-111 chloride', []]]],
    [
      'a hydrate string follows its substance',
      entry('manganese', 'manganese', ['manganese chloride', 'manganese chloride tetrahydrate', 'manganese sulfate']),
      [
        ['manganese-chloride', 'manganese chloride', ['manganese chloride tetrahydrate']],
        ['manganese-sulfate', 'manganese sulfate', []],
      ],
    ],
  ])('splits %s', (_why, e, expected) => {
    const { entries, split } = splitFragmentNames([e]);
    expect(entries.map((x) => [x.id, x.name, x.salts])).toEqual(expected);
    expect(split.get(e.id)).toEqual(expected.map(([id]) => id));
  });

  it.each<[string, NamesOnlyEntry]>([
    ['a drug named by its moiety', entry('cefotaxime', 'cefotaxime', ['cefotaxime sodium'])],
    ['a name that is already whole', entry('nitric-oxide', 'nitric oxide')],
    ['a hydrate-stripped name', entry('sodium-phosphate-dibasic', 'sodium phosphate, dibasic', ['sodium phosphate, dibasic, anhydrous'])],
    ['a salt-word-only substance', entry('sodium-sulfate', 'sodium sulfate', ['sodium sulfate anhydrous'])],
    ['a multi-word name whose salt keeps stripping', entry('ferric-pyrophosphate', 'ferric pyrophosphate', ['ferric pyrophosphate citrate'])],
    ['an element without salt strings', entry('copper', 'copper')],
  ])('leaves %s', (_why, e) => {
    const { entries, split } = splitFragmentNames([e]);
    expect(entries).toEqual([e]);
    expect(split.size).toBe(0);
  });
});
