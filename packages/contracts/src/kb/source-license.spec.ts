import { isNonCommercialLicense } from './source-license';

describe('isNonCommercialLicense', () => {
  it.each<[string, boolean]>([
    ['CC BY-NC-SA 4.0', true],
    ['CC-BY-NC-4.0', true],
    ['Creative Commons Attribution-NonCommercial-ShareAlike 4.0', true],
    ['cc by-nc-nd 3.0', true],
    ['Free for non-commercial use', true],
    ['CC BY 4.0', false],
    ['CC BY-SA 4.0', false],
    ['Public domain (US government work)', false],
    ['Apache-2.0', false],
    ['CC0 1.0', false],
    ['unknown', false],
  ])('%j → %s', (license, expected) => {
    expect(isNonCommercialLicense(license)).toBe(expected);
  });
});
