import { HiddenFindingsCounter } from './hidden-findings.counter';

describe('HiddenFindingsCounter', () => {
  it.each([
    [undefined, 'minor', false],
    [undefined, 'unknown', false],
    ['major', 'contraindicated', false],
    ['major', 'major', false],
    ['major', 'moderate', true],
    ['moderate', 'minor', true],
    ['moderate', 'unknown', true],
  ] as const)('threshold %s: %s hidden = %s', (min, severity, hidden) => {
    expect(new HiddenFindingsCounter(min).below(severity)).toBe(hidden);
  });

  it('tallies when no ingredient repeats (every hidden finding is distinct)', () => {
    const c = new HiddenFindingsCounter('major');
    c.start(false);
    c.hidePair(7);
    c.hidePair(7);
    expect(c.hide('r|a|b')).toBeNull();
    c.hide('r|a|b');
    expect(c.count(new Map())).toBe(4);
  });

  it('dedupes by key when an ingredient repeats, and leaves out keys whose finding was built', () => {
    const c = new HiddenFindingsCounter('major');
    c.start(true);
    c.hidePair(7);
    c.hidePair(7);
    c.hidePair(9);
    c.hide('r|a|b');
    c.hide('r|a|b');
    c.hide('p|x>y');
    expect(c.count(new Map())).toBe(4);
    expect(c.count(new Map([['p|x>y', {}]]))).toBe(3);
  });

  it('without a threshold nothing needs dedupe sets', () => {
    const c = new HiddenFindingsCounter();
    c.start(true);
    c.hide('k');
    c.hide('k');
    expect(c.count(new Map())).toBe(2);
  });
});
