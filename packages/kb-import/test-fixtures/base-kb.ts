import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildKnowledgeBase, type CompiledKnowledgeBase, type KbIngredient, type KnowledgeBase } from '@vigil/engine';

function ing(id: string, names: Partial<Pick<KbIngredient, 'synonyms' | 'salts' | 'brands'>> = {}): KbIngredient {
  return { id, name: id.replace(/-/g, ' '), atc: [], synonyms: [], salts: [], brands: [], roles: [], risks: [], sourceId: 'vigil-curated', ...names };
}

/** A small curated-like knowledge base for the importer tests (not the real one). */
export function baseDoc(): CompiledKnowledgeBase {
  return {
    format: 'vigil-kb/1',
    version: 'curated-2025.01.15-0badc0de',
    releasedAt: '2025-01-15T00:00:00.000Z',
    sources: [{ id: 'vigil-curated', title: 'Vigil curated', license: 'Apache-2.0' }],
    ingredients: [
      ing('warfarin', { synonyms: ['coumafene'], salts: ['warfarin sodium'], brands: ['Coumadin'] }),
      ing('aspirin', { synonyms: ['acetylsalicylic acid', 'asa'], brands: ['Bayer Aspirin'] }),
      ing('ibuprofen', { brands: ['Advil', 'Motrin'] }),
      ing('naproxen', { salts: ['naproxen sodium'], brands: ['Aleve'] }),
      ing('atorvastatin', { salts: ['atorvastatin calcium'], brands: ['Lipitor'] }),
      ing('calcium', { salts: ['calcium carbonate', 'calcium acetate'], brands: ['Tums'] }),
      ing('sodium', { salts: ['sodium chloride'] }),
      ing('acetaminophen', { synonyms: ['paracetamol'], brands: ['Tylenol'] }),
      ing('hydrocodone', { salts: ['hydrocodone bitartrate'] }),
      ing('fluconazole', { brands: ['Diflucan'] }),
      ing('amoxicillin'),
      ing('clavulanate', { salts: ['clavulanate potassium'] }),
      ing('dexamethasone'),
    ],
    classes: [
      {
        id: 'nsaids',
        name: 'NSAIDs',
        directMembers: ['ibuprofen', 'naproxen'],
        includes: [],
        members: ['ibuprofen', 'naproxen'],
        duplicateTherapy: true,
        severityForDuplicate: 'moderate',
        sourceId: 'vigil-curated',
      },
    ],
    products: [{ id: 'vicodin', name: 'Vicodin', ingredients: ['hydrocodone', 'acetaminophen'], sourceId: 'vigil-curated' }],
    rules: [
      {
        id: 'warfarin--fluconazole',
        sourceId: 'vigil-curated',
        a: { ingredient: 'warfarin' },
        b: { ingredient: 'fluconazole' },
        severity: 'major',
        risks: ['bleeding'],
        summary: 'Fluconazole raises warfarin exposure.',
        consequence: 'Bleeding.',
        mechanism: 'CYP2C9 inhibition.',
        management: 'Reduce the warfarin dose and check the INR.',
        evidence: { level: 'established' },
        citations: [{ source: 'vigil-curated', title: 'Label' }],
      },
    ],
    pathways: [],
    domains: [],
  };
}

export function baseKb(): KnowledgeBase {
  return buildKnowledgeBase(baseDoc());
}

/** A fresh temporary directory with the given files (name → content); returns their paths in the given order. */
export function tempFiles(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-kb-import-'));
  return Object.entries(files).map(([name, content]) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  });
}
