import { quotaUnitsOf } from './quota-units.decorator';

describe('quotaUnitsOf', () => {
  const meta = { field: 'lists', max: 100 };
  it.each<[string, unknown, typeof meta | undefined, number]>([
    ['no metadata', { lists: [1, 2, 3] }, undefined, 1],
    ['three lists', { lists: [1, 2, 3] }, meta, 3],
    ['capped at max (validation refuses the rest)', { lists: Array(150).fill(0) }, meta, 100],
    ['empty array', { lists: [] }, meta, 1],
    ['not an array', { lists: 'x' }, meta, 1],
    ['no body', undefined, meta, 1],
    ['a string body', 'lists', meta, 1],
  ])('%s → %i', (_n, body, m, units) => expect(quotaUnitsOf(m, body)).toBe(units));
});
