import type { DrugResolution, Severity } from '@vigil/contracts';
import { InteractionEngine } from '../engine/interaction.engine';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { KbRule } from '../model/compiled-kb.model';
import { severityRank } from '../model/kb-vocabulary';
import type { PairCase, PairVerdict } from './kb-metrics';

/** Worst severity between two resolved inputs and the rules behind the findings that involve both. */
export interface PairFindings {
  severity: Severity | null;
  ruleIds: string[];
  /** True when every finding at the worst severity is a pathway or additive-risk finding (drug properties). */
  fromProperties: boolean;
  /** True when either drug is known by name only (`coverage: names-only`). */
  namesOnly: boolean;
}

/** Resolves names once and judges pairs with the real engine, exactly as a two-drug check would. */
export class PairJudge {
  private readonly cache = new Map<string, DrugResolution>();
  private readonly engine = new InteractionEngine();
  private readonly rulesById = new Map<string, KbRule>();

  constructor(private readonly kb: KnowledgeBase) {
    for (const r of kb.rules) this.rulesById.set(r.id, r);
  }

  resolution(name: string): DrugResolution {
    const key = name.trim().toLowerCase();
    let r = this.cache.get(key);
    if (!r) {
      r = this.engine.resolverFor(this.kb).resolve(name);
      this.cache.set(key, r);
    }
    return r;
  }

  resolves = (name: string): boolean => this.resolution(name).status === 'resolved';

  /** The knowledge-base rule with this id (undefined for pathway, duplicate-therapy and risk-domain findings). */
  rule(id: string): KbRule | undefined {
    return this.rulesById.get(id);
  }

  /** Findings between two resolutions (both resolved, different ingredient sets). */
  between(ra: DrugResolution, rb: DrugResolution): PairFindings {
    const result = this.engine.checkResolved(
      this.kb,
      [
        { ...ra, index: 0 },
        { ...rb, index: 1 },
      ],
      { include: [] },
    );
    let severity: Severity | null = null;
    const ruleIds: string[] = [];
    const both = result.interactions.filter((f) => {
      const idx = new Set(f.participants.map((p) => p.index));
      return idx.has(0) && idx.has(1);
    });
    for (const f of both) {
      ruleIds.push(f.ruleId);
      if (severity === null || severityRank(f.severity) < severityRank(severity)) severity = f.severity;
    }
    const fromProperties = both.every((f) => f.severity !== severity || f.kind === 'pathway' || f.kind === 'additive');
    const namesOnly = result.resolutions.some((r) => r.coverage === 'names-only');
    return { severity, ruleIds, fromProperties, namesOnly };
  }

  /**
   * True when a drug of the pair resolves to an ingredient no longer marketed in the US. Asked of the knowledge base,
   * not of the resolution: the resolver does not set `usMarket` (the engine derives it per check).
   */
  offUsMarket = (c: PairCase): boolean =>
    [c.a, c.b].some((n) => {
      const r = this.resolution(n);
      return r.status === 'resolved' && this.kb.usMarketOf(r.ingredients.map((i) => i.id)).length > 0;
    });

  judge = (c: PairCase): PairVerdict => {
    const ra = this.resolution(c.a);
    const rb = this.resolution(c.b);
    const unresolved = [ra, rb].filter((r) => r.status !== 'resolved').map((r) => r.input);
    if (unresolved.length > 0) return { unresolved, severity: null };
    if (sameIngredients(ra, rb)) return { unresolved: [], sameDrug: true, severity: null };
    const { severity, namesOnly } = this.between(ra, rb);
    // A names-only drug is answered "not reviewed"; a finding on the pair (from the other drug's class) still counts.
    if (severity === null && namesOnly) return { unresolved: [], severity, unreviewed: true };
    return { unresolved: [], severity };
  };
}

/** True when two resolutions name the same ingredient set (a pair of them cannot be judged). */
export function sameIngredients(ra: DrugResolution, rb: DrugResolution): boolean {
  const ia = ra.ingredients
    .map((i) => i.id)
    .sort()
    .join('+');
  const ib = rb.ingredients
    .map((i) => i.id)
    .sort()
    .join('+');
  return ia === ib;
}
