import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GeneratorInputReader } from './generator-input.reader';

describe('GeneratorInputReader', () => {
  const root = mkdtempSync(join(tmpdir(), 'vigil-gen-'));
  const fda = join(root, 'drugs-at-fda');
  const vocab = join(root, 'drugbank-vocabulary', 'drugbank_vocabulary.csv');
  mkdirSync(fda);
  mkdirSync(join(root, 'drugbank-vocabulary'));
  writeFileSync(vocab, 'id,x,Common name,y,z,Synonyms\nDB1,,Warfarin,,,Coumadin | Jantoven\n');

  it.each<[string, string[], RegExp | { out: string; vocabFile: string }]>([
    ['no arguments: usage', [], /^usage: tool /],
    ['one argument: usage', [fda], /^usage: tool /],
    ['the vocabulary found next to the Drugs@FDA directory', [fda, 'out.yaml'], { out: 'out.yaml', vocabFile: vocab }],
    ['--vocabulary given, anywhere in the list', ['--vocabulary', vocab, fda, 'out.yaml'], { out: 'out.yaml', vocabFile: vocab }],
    ['a missing vocabulary is an error', [fda, 'out.yaml', '--vocabulary', join(root, 'none.csv')], /^no DrugBank vocabulary at /],
  ])('%s', (_what, argv, expected) => {
    const r = GeneratorInputReader.args(argv, 'tool');
    if (expected instanceof RegExp) expect('error' in r ? r.error : '').toMatch(expected);
    else expect(r).toEqual({ dir: fda, ...expected });
  });

  it('reads DrugBank rows as lists of names, common name first', () => {
    expect(GeneratorInputReader.drugbankNames(vocab)).toEqual([['Warfarin', 'Coumadin', 'Jantoven']]);
  });
});
