import { quotaDecide, quotaMonth } from './monthly-quota';

describe('quotaMonth', () => {
  it.each([
    ['2026-11-24T13:45:00Z', '2026-11-01', '2026-12-01T00:00:00.000Z'],
    ['2026-12-31T23:59:59.999Z', '2026-12-01', '2027-01-01T00:00:00.000Z'],
    ['2027-01-01T00:00:00Z', '2027-01-01', '2027-02-01T00:00:00.000Z'],
    ['2028-02-29T12:00:00Z', '2028-02-01', '2028-03-01T00:00:00.000Z'],
  ])('%s is in the month of %s, resetting at %s', (at, firstDay, resetAt) => {
    const m = quotaMonth(Date.parse(at));
    expect(m.firstDay).toBe(firstDay);
    expect(new Date(m.resetAt).toISOString()).toBe(resetAt);
    expect(new Date(m.start).toISOString().slice(0, 10)).toBe(firstDay);
  });
});

describe('quotaDecide', () => {
  const now = Date.parse('2026-11-30T23:59:58.500Z');
  it.each([
    [0, 10, true, 10],
    [9, 10, true, 1],
    [10, 10, false, 0],
    [25, 10, false, 0],
  ])('used %i of %i: allowed %s, remaining %i', (used, quota, allowed, remaining) => {
    expect(quotaDecide(used, quota, now)).toEqual({ allowed, remaining, resetSeconds: 2 });
  });

  it('never says to retry in less than a second', () => {
    expect(quotaDecide(10, 10, Date.parse('2026-11-30T23:59:59.999Z')).resetSeconds).toBe(1);
  });
});
