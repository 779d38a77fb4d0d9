import { GeneratedYamlFormatter } from './generated-yaml.formatter';

describe('GeneratedYamlFormatter.scalar', () => {
  it.each([
    ['abacavir', 'abacavir'],
    ['Triumeq PD', 'Triumeq PD'],
    ['menotropins (fsh;lh)', '"menotropins (fsh;lh)"'],
    ['acetic acid, glacial', '"acetic acid, glacial"'],
    ['yes', '"yes"'],
    ['a: b', '"a: b"'],
    ['#1', '"#1"'],
  ])('%j → %s', (input, expected) => {
    expect(GeneratedYamlFormatter.scalar(input)).toBe(expected);
  });
});
