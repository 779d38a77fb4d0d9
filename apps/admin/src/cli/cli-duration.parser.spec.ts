import { parseDurationSeconds } from './cli-duration.parser';

describe('parseDurationSeconds (CLI --grace / --idle)', () => {
  it.each<[string, number | null]>([
    ['0', 0],
    ['90', 90],
    ['90s', 90],
    ['30m', 1800],
    ['24h', 86_400],
    ['7d', 604_800],
    [' 1h ', 3600],
    ['1.5h', null],
    ['-1h', null],
    ['1w', null],
    ['h', null],
    ['', null],
    ['12345678', null],
  ])('%j → %p', (text, expected) => {
    expect(parseDurationSeconds(text)).toBe(expected);
  });
});
