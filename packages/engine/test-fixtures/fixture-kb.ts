import { join } from 'node:path';
import { KnowledgeCompiler } from '../src/compiler/knowledge.compiler';
import { formatIssue } from '../src/compiler/kb-compile-issue';
import { KnowledgeBase, type KnowledgeBaseOptions } from '../src/kb/knowledge-base';
import type { CompiledKnowledgeBase } from '../src/model/compiled-kb.model';

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
