import { boundedOsaDistance, boundedPrefixDistance, diceSimilarity, trigrams } from './string-distance';

describe('string distance', () => {
  it.each([
    ['warfarin', 'warfarin', 2, 0],
    ['warfrin', 'warfarin', 2, 1],
    ['lisinopirl', 'lisinopril', 2, 1],
    ['ibuprophen', 'ibuprofen', 2, 2],
    ['tazocin', 'pentazocine', 3, 4],
    ['abc', 'xyz', 1, 2],
    ['', 'abc', 3, 3],
  ])('boundedOsaDistance(%j, %j, max %i) = %i', (a, b, max, expected) => {
    expect(boundedOsaDistance(a, b, max)).toBe(expected);
  });

  it.each([
    ['metop', 'metoprololsuccinate', 1, 0],
    ['metorp', 'metoprolol', 1, 1],
    ['amoxcil', 'amoxicillin', 1, 1],
    ['xyzzy', 'metoprolol', 2, 3],
  ])('boundedPrefixDistance(%j, %j, max %i) = %i', (q, t, max, expected) => {
    expect(boundedPrefixDistance(q, t, max)).toBe(expected);
  });

  it('dice similarity is 1 for equal strings and 0 for disjoint ones', () => {
    expect(diceSimilarity(trigrams('warfarin'), trigrams('warfarin'))).toBe(1);
    expect(diceSimilarity(trigrams('abc'), trigrams('xyz'))).toBe(0);
  });
});
