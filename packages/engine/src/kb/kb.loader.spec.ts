import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtureDoc } from '../../test-fixtures/fixture-kb';
import type { CompiledKnowledgeBase } from '../model/compiled-kb.model';
import { buildKnowledgeBase, loadCuratedKb, mergeCompiledKbs, readCompiledKb } from './kb.loader';

function extraDoc(): CompiledKnowledgeBase {
  return {
    format: 'vigil-kb/1',
    version: 'extra-2024.01.01-abcdef01',
    releasedAt: '2026-01-01T00:00:00.000Z',
    sources: [{ id: 'extra', title: 'Extra', license: 'test' }],
    ingredients: [
      { id: 'warfarin', name: 'warfarin', atc: ['B01AA99'], synonyms: ['warfarina', 'paracetamol'], salts: [], brands: ['Marevan'], roles: [], risks: [], sourceId: 'extra' },
      { id: 'newdrug', name: 'newdrug', atc: [], synonyms: [], salts: [], brands: ['Tylenol'], roles: [], risks: [], sourceId: 'extra' },
    ],
    classes: [],
    products: [],
    rules: [],
    pathways: [],
    domains: [],
  };
}

describe('knowledge-base loading and merging', () => {
  it('merges extra names into existing ingredients and drops names owned by another drug', () => {
    const merged = mergeCompiledKbs([fixtureDoc(), extraDoc()]);
    const warfarin = merged.ingredients.find((i) => i.id === 'warfarin')!;
    expect(warfarin.brands).toEqual(['Coumadin', 'Jantoven', 'Marevan']);
    expect(warfarin.synonyms).toEqual(['coumafene', 'warfarina']);
    expect(warfarin.atc).toEqual(['B01AA03', 'B01AA99']);
    expect(merged.ingredients.find((i) => i.id === 'newdrug')!.brands).toEqual([]);
    expect(merged.version).toMatch(/^curated-2025\.01\.15-[0-9a-f]{8}\+extra-2024\.01\.01-abcdef01$/);
    expect(merged.releasedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(merged.sources.map((s) => s.id)).toContain('extra');
  });

  it('builds a knowledge base whose resolver sees the merged names', () => {
    const kb = buildKnowledgeBase([fixtureDoc(), extraDoc()]);
    expect(kb.names.exact('marevan')?.target.id).toBe('warfarin');
    expect(kb.names.exact('tylenol')?.target.id).toBe('acetaminophen');
  });

  it('merges label statements (base first, new ids added) and accepts documents without any', () => {
    const statement = (id: string, substrates: string[]) => ({
      id,
      sourceId: 'extra',
      enzyme: 'CYP3A4' as const,
      substrates,
      substrateClasses: [],
      perpetrator: { role: 'inhibitor' as const, strength: ['strong' as const], also: [], except: [] },
      severity: 'major' as const,
      summary: 's',
      consequence: 'c',
      mechanism: 'm',
      management: 'g',
      evidence: { level: 'established' as const },
      citations: [{ source: 'extra', title: 't', section: '7' }],
    });
    const base = { ...fixtureDoc(), labels: [statement('a', ['oxycodone'])] };
    const extra = { ...extraDoc(), labels: [statement('a', ['warfarin']), statement('b', ['newdrug', 'not-a-drug'])] };
    const merged = mergeCompiledKbs([base, extra]);
    expect(merged.labels!.map((l) => [l.id, l.substrates])).toEqual([
      ['a', ['oxycodone']],
      ['b', ['newdrug']],
    ]);
    expect(mergeCompiledKbs([fixtureDoc(), extraDoc()]).labels).toEqual([]);
    const kb = buildKnowledgeBase([base, extra]);
    expect(kb.labelsAt(kb.indexOf('newdrug')!).map((m) => m.label.id)).toEqual(['b']);
    expect(kb.labelsAt(kb.indexOf('oxycodone')!).map((m) => [m.label.id, m.risks, [...m.perpetrators].map((i) => kb.ingredientAt(i).id)])).toEqual([
      ['a', ['pk-cyp3a4'], ['clarithromycin']],
    ]);
    expect(kb.describeIngredient('oxycodone')!.pathwayCount).toBe(1);
  });

  it.each([
    [{ format: 'other' }, /not a compiled Vigil knowledge base/],
    [{ format: 'vigil-kb/1', sources: [] }, /"ingredients" must be an array/],
    [{ ...extraDoc(), labels: {} }, /"labels" must be an array when present/],
  ])('rejects %j', (doc, message) => {
    expect(() => buildKnowledgeBase(doc as never)).toThrow(message);
  });

  it('reads a compiled file and says what to do when it is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-kb-'));
    const file = join(dir, 'curated.json');
    writeFileSync(file, JSON.stringify(fixtureDoc()));
    expect(readCompiledKb(file).version).toMatch(/^curated-/);
    expect(loadCuratedKb({ path: file }).ingredients.length).toBeGreaterThan(10);
    expect(() => readCompiledKb(join(dir, 'missing.json'))).toThrow(/Build @vigil\/engine first/);
  });
});
