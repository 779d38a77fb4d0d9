import { DEFAULT_WEBHOOK_RETRY_SCHEDULE, decideRetry, parseRetrySchedule } from './webhook-retry.policy';

describe('parseRetrySchedule', () => {
  it.each([
    [DEFAULT_WEBHOOK_RETRY_SCHEDULE, [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000]],
    ['500ms, 1s', [500, 1000]],
    ['1d', [86_400_000]],
  ])('%s → %j', (text, expected) => {
    expect(parseRetrySchedule(text)).toEqual(expected);
  });

  it.each([[''], ['5'], ['5 minutes'], ['-1s'], ['0s'], ['8d'], ['1m,,2m'], [Array(21).fill('1s').join(',')]])('refuses %j', (text) => {
    expect(() => parseRetrySchedule(text)).toThrow();
  });
});

describe('decideRetry', () => {
  const schedule = [60_000, 300_000];
  it.each([
    ['200 on the first attempt', 1, 200, 0.5, { kind: 'succeeded' }],
    ['204', 2, 204, 0.5, { kind: 'succeeded' }],
    ['299', 1, 299, 0.5, { kind: 'succeeded' }],
    ['500 first → the first delay', 1, 500, 0.5, { kind: 'retry', delayMs: 60_000 }],
    ['no answer first → the first delay', 1, null, 0.5, { kind: 'retry', delayMs: 60_000 }],
    ['300 (a redirect is not followed)', 1, 300, 0.5, { kind: 'retry', delayMs: 60_000 }],
    ['429 second → the second delay', 2, 429, 0.5, { kind: 'retry', delayMs: 300_000 }],
    ['jitter low end: -10 %', 1, 500, 0, { kind: 'retry', delayMs: 54_000 }],
    ['jitter high end: nearly +10 %', 1, 500, 0.999_999, { kind: 'retry', delayMs: 66_000 }],
    ['500 after the schedule is used up', 3, 500, 0.5, { kind: 'failed' }],
    ['410 Gone fails at once', 1, 410, 0.5, { kind: 'failed' }],
  ])('%s', (_what, attempt, status, random, expected) => {
    expect(decideRetry(attempt, status, schedule, random)).toEqual(expected);
  });
});
