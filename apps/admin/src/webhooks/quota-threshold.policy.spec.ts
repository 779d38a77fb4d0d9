import { quotaThresholdsReached } from './quota-threshold.policy';

describe('quotaThresholdsReached', () => {
  it.each([
    [0, 10_000, []],
    [7_999, 10_000, []],
    [8_000, 10_000, [80]],
    [9_999, 10_000, [80]],
    [10_000, 10_000, [80, 100]],
    [25_000, 10_000, [80, 100]],
    [4, 5, [80]],
    [3, 5, []],
    [1, 0, []],
  ])('%i calls of %i → %j', (calls, quota, expected) => {
    expect(quotaThresholdsReached(calls, quota)).toEqual(expected);
  });
});
