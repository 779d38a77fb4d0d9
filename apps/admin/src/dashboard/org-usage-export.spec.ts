// The dashboard's browser modules (plain ES modules; swc turns them into CommonJS for jest).
import { csvField, toCsv } from './web/js/csv.js';
import { dayProjectRows, projectSplit, tagRows } from './web/js/pages/org-usage-card.js';

const day = (d: string, allowed: number, rateLimited = 0, denied = 0) => ({ day: d, allowed, rateLimited, denied });
const project = (name: string, perDay: number[]) => {
  const daily = perDay.map((n, i) => day(`2026-11-0${i + 1}`, n));
  return { projectId: `id-${name}`, name, allowed: perDay.reduce((a, b) => a + b, 0), rateLimited: 0, denied: 0, daily };
};

describe('organisation usage: the chart split by project and the CSV export', () => {
  it('draws every project while they fit the colours, then the five busiest and "Other"', () => {
    const few = projectSplit([project('b', [1, 1]), project('a', [5, 0]), project('c', [1, 1])]);
    expect(few.series.map((s: { label: string; tone: string }) => `${s.label}:${s.tone}`)).toEqual(['a:s0', 'b:s1', 'c:s2']);
    expect(few.days).toEqual([
      { day: '2026-11-01', p0: 5, p1: 1, p2: 1 },
      { day: '2026-11-02', p0: 0, p1: 1, p2: 1 },
    ]);
    const six = projectSplit(['p', 'q', 'r', 's', 't', 'u'].map((n, i) => project(n, [i, 0])));
    expect(six.series).toHaveLength(6);
    expect(six.series.some((s: { key: string }) => s.key === 'other')).toBe(false);
    const eight = projectSplit(['p', 'q', 'r', 's', 't', 'u', 'v', 'w'].map((n, i) => project(n, [i + 1, 10])));
    expect(eight.series.map((s: { label: string }) => s.label)).toEqual(['w', 'v', 'u', 't', 's', 'Other (3 projects)']);
    // Other sums the three quietest (p, q, r: 1 + 2 + 3 on the first day, 10 each on the second).
    expect(eight.days.map((d: { other: number }) => d.other)).toEqual([6, 30]);
    expect(projectSplit([]).days).toEqual([]);
  });

  it('exports day × project rows (zeros included) and the tag split with the untagged rest', () => {
    const usage = {
      days: [day('2026-11-01', 6), day('2026-11-02', 0)],
      projects: [project('Default', [6, 0]), project('Ward, east', [0, 0])],
      tags: [{ tag: 'pharmacy', allowed: 4, rateLimited: 1 }],
      untaggedAllowed: 2,
    };
    expect(dayProjectRows(usage)).toEqual([
      ['day', 'project_id', 'project', 'allowed', 'rate_limited', 'denied'],
      ['2026-11-01', 'id-Default', 'Default', 6, 0, 0],
      ['2026-11-01', 'id-Ward, east', 'Ward, east', 0, 0, 0],
      ['2026-11-02', 'id-Default', 'Default', 0, 0, 0],
      ['2026-11-02', 'id-Ward, east', 'Ward, east', 0, 0, 0],
    ]);
    expect(toCsv(tagRows(usage))).toBe('tag,allowed,rate_limited\r\npharmacy,4,1\r\n(untagged),2,\r\n');
  });

  it.each([
    ['plain', 'plain'],
    ['Ward, east', '"Ward, east"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@sum', "'@sum"],
    [42, '42'],
    [-3, '-3'],
    [null, ''],
  ])('CSV field %p → %s (quoted when needed; text a spreadsheet would run as a formula is defused)', (value, out) => {
    expect(csvField(value)).toBe(out);
  });
});
