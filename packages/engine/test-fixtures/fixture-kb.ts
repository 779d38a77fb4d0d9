import { join } from 'node:path';
import { KnowledgeCompiler } from '../src/compiler/knowledge.compiler';
import { formatIssue } from '../src/compiler/kb-compile-issue';
import { KnowledgeBase, type KnowledgeBaseOptions } from '../src/kb/knowledge-base';
import type { CompiledKnowledgeBase, KbRule, KbRuleSide } from '../src/model/compiled-kb.model';

/** The tiny, valid knowledge base used by the unit tests (not the real YAML). */
export const FIXTURE_DIR = join(__dirname, 'knowledge');

let cached: CompiledKnowledgeBase | undefined;

/** The fixture compiled once per test file (a fresh deep copy each call, so tests may change it). */
export function fixtureDoc(): CompiledKnowledgeBase {
  if (!cached) {
    const result = new KnowledgeCompiler().compileDirectory(FIXTURE_DIR);
    if (!result.ok) throw new Error(`fixture knowledge base is invalid:\n${result.issues.map(formatIssue).join('\n')}`);
    cached = result.kb;
  }
  return structuredClone(cached);
}

export function fixtureKb(options?: KnowledgeBaseOptions): KnowledgeBase {
  return new KnowledgeBase(fixtureDoc(), options);
}

/** A pair rule as a bulk source states it (fixed texts, one citation of its source), for tests that need many. */
export function bulkRule(id: string, a: KbRuleSide, b: KbRuleSide, severity: KbRule['severity'], options: { risks?: string[]; sourceId?: string } = {}): KbRule {
  const sourceId = options.sourceId ?? 'bulk';
  return {
    id,
    sourceId,
    a,
    b,
    severity,
    risks: options.risks ?? [],
    summary: 'Listed by the bulk source.',
    consequence: '',
    mechanism: 'Not provided.',
    management: 'Consult the labels.',
    evidence: { level: 'unknown' },
    citations: [{ source: sourceId, title: 'Bulk', url: 'https://example.org/' }],
  };
}
