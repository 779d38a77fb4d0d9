import { usageTagOf } from './usage-tag';

describe('usageTagOf', () => {
  it.each<[string | string[] | undefined, { tag?: string; error?: string | RegExp }]>([
    [undefined, {}],
    ['', {}],
    ['pharmacy-module', { tag: 'pharmacy-module' }],
    ['EHR.orders:v2', { tag: 'ehr.orders:v2' }],
    ['a'.repeat(64), { tag: 'a'.repeat(64) }],
    ['a'.repeat(65), { error: /1–64/ }],
    ['-leading-dash', { error: /starting with a letter or digit/ }],
    ['with space', { error: /letters, digits/ }],
    ['ümlaut', { error: /letters, digits/ }],
    [['a', 'b'], { error: /one x-vigil-tag header/ }],
  ])('%j → %j', (value, expected) => {
    const r = usageTagOf({ 'x-vigil-tag': value });
    if (expected.error) expect(r.error).toMatch(expected.error);
    else expect(r).toEqual(expected);
  });
});
