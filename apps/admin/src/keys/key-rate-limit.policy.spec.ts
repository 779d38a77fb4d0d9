import { withinPlan } from './key-rate-limit.policy';

describe('withinPlan (a key limit may only be at or below its plan)', () => {
  const pro = { limit: 600, windowSeconds: 60 };
  it.each([
    [600, 60, true],
    [10, 1, true],
    [100, 60, true],
    [300, 30, true],
    [601, 60, false],
    [11, 1, false],
    [1200, 120, false],
    [1_000_000, 1, false],
    [600, 3600, true],
  ])('%i per %i s on a 600/60 s plan → %s', (limit, windowSeconds, expected) => {
    expect(withinPlan({ limit, windowSeconds }, pro)).toBe(expected);
  });
});
