import { NegativeKeyCache } from './negative-key.cache';

describe('NegativeKeyCache', () => {
  it.each([
    ['inside the TTL', 999, true],
    ['at the TTL', 1000, false],
    ['after the TTL', 5000, false],
  ])('an unknown hash is remembered %s', (_n, later, expected) => {
    const c = new NegativeKeyCache(10, 1000);
    c.add('h', 0);
    expect(c.has('h', later)).toBe(expected);
  });

  it('is bounded: the oldest entry goes first, a re-added entry becomes the newest', () => {
    const c = new NegativeKeyCache(3, 60_000);
    for (const h of ['a', 'b', 'c']) c.add(h, 0);
    c.add('a', 1); // refreshed: now newest
    c.add('d', 2); // evicts b, the oldest
    expect(['a', 'b', 'c', 'd'].map((h) => c.has(h, 3))).toEqual([true, false, true, true]);
    expect(c.size).toBe(3);
  });

  it('clear forgets everything (a key was created somewhere)', () => {
    const c = new NegativeKeyCache(3, 60_000);
    c.add('a', 0);
    c.clear();
    expect(c.has('a', 1)).toBe(false);
  });

  it('counts hits', () => {
    const c = new NegativeKeyCache(3, 60_000);
    c.add('a', 0);
    c.has('a', 1);
    c.has('a', 2);
    c.has('b', 2);
    expect(c.hits).toBe(2);
  });
});
