import type { Severity } from '@vigil/contracts';
import { parseCsv, parseCsvRecords } from './csv.reader';
import {
  atLeast,
  coverageMetric,
  distinctPairs,
  expandGroups,
  formatTable,
  meetsTarget,
  pairKeyOf,
  pairMetric,
  percent,
  pkStudyPairs,
  samplePairs,
  setAsideSplit,
  topCounts,
  type PairVerdict,
} from './kb-metrics';

describe('evaluation metrics', () => {
  it.each([
    [
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\r\n"x, y","he said ""hi"""\r\n',
      [
        ['a', 'b'],
        ['x, y', 'he said "hi"'],
      ],
    ],
    ['a\n"multi\nline"\n', [['a'], ['multi\nline']]],
    [
      'a,b\n1,',
      [
        ['a', 'b'],
        ['1', ''],
      ],
    ],
  ])('parseCsv(%j)', (text, rows) => {
    expect(parseCsv(text)).toEqual(rows);
  });

  it('reads records by header, with another delimiter', () => {
    expect(parseCsvRecords('x;y\n1;2\n', ';')).toEqual([{ x: '1', y: '2' }]);
  });

  it('counts distinct unordered pairs, case-insensitively, without self-pairs', () => {
    const pairs = distinctPairs([
      { a: 'Warfarin', b: 'Aspirin' },
      { a: 'aspirin', b: 'WARFARIN' },
      { a: 'Warfarin', b: 'warfarin' },
      { a: 'Simvastatin', b: 'Clarithromycin' },
    ]);
    expect(pairs).toEqual([
      { a: 'Warfarin', b: 'Aspirin' },
      { a: 'Simvastatin', b: 'Clarithromycin' },
    ]);
  });

  it('expands groups into object × precipitant pairs within each group', () => {
    const pairs = expandGroups([
      { group: '1', role: 'object', drug: 'A' },
      { group: '1', role: 'precipitant', drug: 'X' },
      { group: '1', role: 'precipitant', drug: 'Y' },
      { group: '2', role: 'object', drug: 'B' },
      { group: '2', role: 'precipitant', drug: '' },
      { group: '2', role: 'precipitant', drug: 'X' },
    ]);
    expect(pairs).toEqual([
      { a: 'A', b: 'X' },
      { a: 'A', b: 'Y' },
      { a: 'B', b: 'X' },
    ]);
  });

  it.each<[Severity | null, Severity, boolean]>([
    ['contraindicated', 'major', true],
    ['major', 'major', true],
    ['moderate', 'major', false],
    ['unknown', 'unknown', true],
    [null, 'minor', false],
  ])('atLeast(%s, %s) = %s', (s, t, expected) => {
    expect(atLeast(s, t)).toBe(expected);
  });

  it('computes the share of resolvable pairs flagged at the threshold, with misses and blocking names', () => {
    const verdicts: Record<string, PairVerdict> = {
      'a-b': { unresolved: [], severity: 'major' },
      'a-c': { unresolved: [], severity: 'moderate' },
      'a-d': { unresolved: ['D'], severity: null },
      'e-d': { unresolved: ['E', 'D'], severity: null },
      'f-g': { unresolved: [], sameDrug: true, severity: null },
      'h-i': { unresolved: [], severity: null },
      'j-k': { unresolved: [], severity: null, unreviewed: true },
    };
    const cases = Object.keys(verdicts).map((k) => ({ a: k[0], b: k[2] }));
    const m = pairMetric(cases, (c) => verdicts[`${c.a}-${c.b}`], 'major');
    expect(m).toMatchObject({ total: 7, resolvable: 3, unreviewed: 1, flagged: 1 });
    expect(m.share).toBeCloseTo(1 / 3);
    expect(m.missed.map((x) => `${x.a}-${x.b}:${x.severity}`)).toEqual(['a-c:moderate', 'h-i:null']);
    expect([...m.unresolvedNames]).toEqual([
      ['D', 2],
      ['E', 1],
    ]);
    expect(pairMetric([], () => verdicts['a-b'], 'major').share).toBe(0);
  });

  it('computes name coverage over distinct names', () => {
    const c = coverageMetric(['Warfarin', 'warfarin ', 'Nope', 'Aspirin', ''], (n) => n.toLowerCase() !== 'nope');
    expect(c).toEqual({ total: 3, resolved: 2, share: 2 / 3, unresolved: ['Nope'] });
  });

  it.each<[number, { atLeast?: number; atMost?: number }, boolean]>([
    [0.96, { atLeast: 0.95 }, true],
    [0.94, { atLeast: 0.95 }, false],
    [0.05, { atMost: 0.1 }, true],
    [0.11, { atMost: 0.1 }, false],
  ])('meetsTarget(%d, %j) = %s', (share, target, expected) => {
    expect(meetsTarget(share, target)).toBe(expected);
  });

  it('formats counts, percentages and tables', () => {
    expect(
      topCounts(
        new Map([
          ['b', 2],
          ['a', 2],
          ['c', 5],
        ]),
        2,
      ),
    ).toEqual([
      ['c', 5],
      ['a', 2],
    ]);
    expect(percent(0.9345)).toBe('93.5%');
    expect(
      formatTable([
        ['x', 'long value', 'z'],
        ['longer', 'v', 'w'],
      ]),
    ).toBe('x       long value  z\nlonger  v           w');
  });
});

describe('clinical PK study pairs (FDA/UW organ-impairment DDI table)', () => {
  const row = (name: string, rise: string, inhibitor: string) => ({ name, max_ddi_delta_auc_pct: rise, max_ddi_inhibitor: inhibitor });
  it('keeps five-fold rises with one named precipitant, trimming source suffixes', () => {
    expect(
      pkStudyPairs([
        row('alfentanil', '3550', 'ketoconazole'),
        row('elvitegravir (GS-9137)', '1888.3', 'ritonavir'),
        row('casopitant-not approved in USA', '1106.3', 'ketoconazole'),
        row('pitavastatin', '428.4', 'rifampin SD'),
        row('omeprazole', '400', 'fluconazole'),
        // Below five-fold, several precipitants, no numeric change, no precipitant: left out.
        row('citalopram', '91.4', 'omeprazole'),
        row('alfentanil', '3550', 'indinavir and ritonavir'),
        row('saxagliptin', '245', 'ketoconazole, rifampin'),
        row('abiraterone', 'No DDI Study with AUC or CL Change in DIDB', ''),
        row('x', '900', ''),
        // The same pair twice counts once.
        row('Alfentanil', '3000', 'Ketoconazole'),
      ]),
    ).toEqual([
      { a: 'alfentanil', b: 'ketoconazole' },
      { a: 'elvitegravir', b: 'ritonavir' },
      { a: 'casopitant', b: 'ketoconazole' },
      { a: 'pitavastatin', b: 'rifampin' },
      { a: 'omeprazole', b: 'fluconazole' },
    ]);
  });
});

describe('random pair sample', () => {
  const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

  it('is the same for the same seed and differs for another seed', () => {
    const s1 = samplePairs(names, 5, 42, new Set());
    expect(samplePairs(names, 5, 42, new Set())).toEqual(s1);
    expect(samplePairs(names, 5, 43, new Set())).not.toEqual(s1);
  });

  it('draws distinct unordered pairs of different names and never an excluded pair', () => {
    const exclude = new Set([pairKeyOf('a', 'b'), pairKeyOf('C', 'd')]);
    const s = samplePairs(names, 19, 7, exclude);
    const keys = s.map((c) => pairKeyOf(c.a, c.b));
    expect(new Set(keys).size).toBe(keys.length);
    expect(s.every((c) => c.a !== c.b)).toBe(true);
    expect(keys.filter((k) => exclude.has(k))).toEqual([]);
    // 21 possible pairs minus the 2 excluded: all of them are found
    expect(s).toHaveLength(19);
  });

  it('skips pairs the filter rejects', () => {
    const s = samplePairs(names, 10, 1, new Set(), (c) => c.a !== 'a' && c.b !== 'a');
    expect(s.some((c) => c.a === 'a' || c.b === 'a')).toBe(false);
  });
  describe('setting aside pairs with a drug no longer marketed (reported split)', () => {
    // cisapride is "off market"; x is unresolvable; the judge flags only what the table says.
    const verdicts: Record<string, PairVerdict> = {
      'cisapride+erythromycin': { unresolved: [], severity: 'contraindicated' },
      'cisapride+fluconazole': { unresolved: [], severity: 'moderate' },
      'cisapride+x': { unresolved: ['x'], severity: null },
      'warfarin+fluconazole': { unresolved: [], severity: 'major' },
      'warfarin+aspirin': { unresolved: [], severity: 'minor' },
      'simvastatin+diltiazem': { unresolved: [], severity: null },
    };
    const cases = Object.keys(verdicts).map((k) => ({ a: k.split('+')[0], b: k.split('+')[1] }));
    const judge = (c: { a: string; b: string }) => verdicts[`${c.a}+${c.b}`];
    const offMarket = (c: { a: string; b: string }) => c.a === 'cisapride' || c.b === 'cisapride';

    it.each<[string, Severity, number, number, number, number]>([
      // threshold, pairs set aside, misses involving, kept flagged, kept resolvable
      ['major', 'major', 3, 1, 1, 3],
      ['moderate', 'moderate', 3, 0, 1, 3],
      ['minor', 'minor', 3, 0, 2, 3],
    ])('at %s', (_t, threshold, pairs, missed, flagged, resolvable) => {
      const full = pairMetric(cases, judge, threshold);
      const split = setAsideSplit(cases, full, judge, threshold, offMarket);
      expect([split.pairs, split.missed, split.rest.flagged, split.rest.resolvable]).toEqual([pairs, missed, flagged, resolvable]);
      // The full metric is untouched, and the split adds up to it.
      expect(full.total).toBe(cases.length);
      expect(split.rest.total + split.pairs).toBe(full.total);
      expect(split.rest.missed.length + split.missed).toBe(full.missed.length);
    });

    it('sets nothing aside when no drug is off the market', () => {
      const full = pairMetric(cases, judge, 'major');
      expect(setAsideSplit(cases, full, judge, 'major', () => false)).toEqual({ pairs: 0, missed: 0, rest: full });
    });
  });
});
