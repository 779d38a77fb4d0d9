import type { DrugResolution } from '@vigil/contracts';
import { TypoAudit } from './typo.audit';

const resolution = (ids: string[], method: DrugResolution['method']): DrugResolution =>
  ({ index: 0, input: '', status: 'resolved', method, ingredients: ids.map((id) => ({ id, name: id })) }) as unknown as DrugResolution;
const unresolved = { index: 0, input: '', status: 'unresolved', ingredients: [] } as unknown as DrugResolution;

describe('TypoAudit', () => {
  it.each<[string, string[]]>([
    ['abc', ['bc', 'ac', 'ab', 'bac', 'acb']],
    // A doubled letter gives one deletion and no transposition of the pair.
    ['aab', ['ab', 'aa', 'aba']],
    // Spaces are never deleted or moved.
    ['a b', [' b', 'a ']],
  ])('variants(%j) without sampling are its deletions and adjacent transpositions', (name, expected) => {
    expect(TypoAudit.variants(name, () => 0, 0).sort()).toEqual([...expected].sort());
  });

  it('adds seeded substitutions or insertions, never the name itself', () => {
    const got = TypoAudit.variants('abc', () => 0.99, 3);
    expect(got).not.toContain('abc');
    expect(got).toEqual(expect.arrayContaining(['abzc']));
  });

  it.each<[string, Record<string, DrugResolution>, number, number]>([
    // A typo corrected to its own drug is fine; one corrected into another drug is reported.
    ['own drug', { warfarin: resolution(['warfarin'], 'exact'), arfarin: resolution(['warfarin'], 'fuzzy') }, 1, 0],
    ['other drug', { warfarin: resolution(['warfarin'], 'exact'), arfarin: resolution(['aspirin'], 'fuzzy') }, 1, 1],
    // A product sharing an ingredient is not the wrong drug; an unresolved typo is not a correction.
    ['shared ingredient', { warfarin: resolution(['warfarin'], 'exact'), arfarin: resolution(['warfarin', 'x'], 'fuzzy') }, 1, 0],
    ['unresolved', { warfarin: resolution(['warfarin'], 'exact') }, 0, 0],
  ])('%s', (_case, table, corrected, wrong) => {
    const audit = new TypoAudit((n) => table[n] ?? unresolved, 1, 0);
    const r = audit.run(['warfarin']);
    expect(r.names).toBe(1);
    expect(r.corrected).toBe(corrected);
    expect(r.wrongDrug).toHaveLength(wrong);
  });

  it('skips a source name that itself needs spelling correction', () => {
    const audit = new TypoAudit(() => resolution(['x'], 'fuzzy'), 1, 0);
    expect(audit.run(['xx']).names).toBe(0);
  });
});
