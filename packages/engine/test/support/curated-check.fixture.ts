import { join } from 'node:path';
import type { CheckInteractionsResult } from '@vigil/contracts';
import { InteractionEngine } from '../../src/engine/interaction.engine';
import type { KnowledgeBase } from '../../src/kb/knowledge-base';
import { loadCuratedKb } from '../../src/kb/kb.loader';
import type { CheckOptions, DrugInput } from '../../src/model/drug-input.model';

const SEVERITY_ORDER = ['contraindicated', 'major', 'moderate', 'minor', 'unknown'];

/**
 * The compiled curated pack (dist/kb/curated.json, built by `compile:kb`) and the questions every curated-knowledge
 * spec asks of it: which rules answer a pair, at what severity, and whether the check is complete. One instance per
 * spec file; the pack is loaded once.
 */
export class CuratedCheckFixture {
  readonly engine = new InteractionEngine();
  readonly kb: KnowledgeBase = loadCuratedKb({ path: join(__dirname, '..', '..', 'dist', 'kb', 'curated.json') });

  check(inputs: readonly DrugInput[], options?: CheckOptions): CheckInteractionsResult {
    return this.engine.check(this.kb, inputs, options);
  }

  /** The findings of one pair as `[ruleId, severity]`. */
  findings(a: string, b: string): [string, string][] {
    return this.check([a, b]).interactions.map((f) => [f.ruleId, f.severity]);
  }

  /** The worst severity any finding of the pair has (undefined when there is none). */
  worst(a: string, b: string): string | undefined {
    return this.findings(a, b)
      .map(([, severity]) => severity)
      .sort((x, y) => SEVERITY_ORDER.indexOf(x) - SEVERITY_ORDER.indexOf(y))[0];
  }

  /** The pair is checked completely and `ruleId` answers it at `severity`. */
  expectFinding(a: string, b: string, ruleId: string, severity: string): void {
    const r = this.check([a, b]);
    expect(r.summary.complete).toBe(true);
    expect(r.interactions.map((f) => [f.ruleId, f.severity])).toContainEqual([ruleId, severity]);
  }

  /** Every drug of the list resolves to a reviewed drug: a check with it is complete. */
  expectReviewed(drug: string, partner = 'simvastatin'): void {
    const r = this.check([drug, partner]);
    expect(r.summary.complete).toBe(true);
    expect(r.resolutions.every((x) => x.coverage === 'reviewed')).toBe(true);
  }

  /** No finding at all for the pair. */
  expectSilent(a: string, b: string): void {
    expect(this.check([a, b]).interactions).toEqual([]);
  }
}
