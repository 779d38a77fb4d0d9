import type { KnowledgeBase } from '../kb/knowledge-base';
import { FdaCoverageMetric, type FdaMarketingStatusRow, type FdaProductRow } from './fda-coverage.metric';

/** One market-status fact set against Drugs@FDA. */
export interface UsMarketFinding {
  ingredientId: string;
  status: 'withdrawn' | 'discontinued';
  /** Products Drugs@FDA lists as marketed (prescription or over-the-counter): `DRUG NAME (application)`. */
  marketed: string[];
}

export interface UsMarketCheckResult {
  /** Market-status facts in the knowledge base. */
  facts: number;
  /** `discontinued` facts contradicted by a product Drugs@FDA still lists as marketed: each one is an error to fix. */
  contradicted: UsMarketFinding[];
  /**
   * `withdrawn` facts with products Drugs@FDA still lists as marketed: the data files lag FDA removal requests
   * (ranitidine, 2020), so this is reported, and the cited FDA record decides.
   */
  withdrawnStillListed: UsMarketFinding[];
  /** Facts whose ingredient has no product at all in Drugs@FDA (withdrawn before the electronic records): not verifiable here. */
  notInDrugsAtFda: string[];
}

/**
 * Verifies the knowledge base's US market-status facts (`market-status.yaml`) against the public-domain Drugs@FDA
 * data files: a drug recorded as discontinued must have no product whose marketing status is prescription or
 * over-the-counter. Product ingredient names go through the resolver (`ingredientIdsOf`), exactly like the
 * Drugs@FDA coverage metric, so salts and combinations count.
 */
export class UsMarketCheck {
  constructor(
    private readonly kb: KnowledgeBase,
    private readonly ingredientIdsOf: (name: string) => readonly string[],
  ) {}

  run(products: readonly FdaProductRow[], statuses: readonly FdaMarketingStatusRow[], lookup: readonly { id: string; description: string }[]): UsMarketCheckResult {
    const facts = this.kb.ingredients.filter((i) => i.usMarket);
    const marketedIds = new Set(lookup.filter((l) => ['prescription', 'over-the-counter'].includes(l.description.trim().toLowerCase())).map((l) => l.id.trim()));
    const key = (applNo: string, productNo: string) => `${applNo.trim()}|${productNo.trim()}`;
    const statusOf = new Map<string, string[]>();
    for (const s of statuses) {
      const k = key(s.applNo, s.productNo);
      statusOf.set(k, [...(statusOf.get(k) ?? []), s.marketingStatusId.trim()]);
    }
    const wanted = new Set(facts.map((i) => i.id));
    const seen = new Set<string>();
    const marketed = new Map<string, Set<string>>();
    const idsByName = new Map<string, readonly string[]>();
    for (const p of products) {
      for (const name of FdaCoverageMetric.ingredientNames(p.activeIngredient)) {
        let ids = idsByName.get(name);
        if (!ids) {
          ids = this.ingredientIdsOf(name);
          idsByName.set(name, ids);
        }
        for (const id of ids) {
          if (!wanted.has(id)) continue;
          seen.add(id);
          if ((statusOf.get(key(p.applNo, p.productNo)) ?? []).some((s) => marketedIds.has(s))) {
            marketed.set(id, (marketed.get(id) ?? new Set()).add(`${p.drugName.trim()} (${p.applNo.trim()})`));
          }
        }
      }
    }
    const findings = (status: 'withdrawn' | 'discontinued'): UsMarketFinding[] =>
      facts.filter((i) => i.usMarket!.status === status && marketed.has(i.id)).map((i) => ({ ingredientId: i.id, status, marketed: [...marketed.get(i.id)!].sort() }));
    return {
      facts: facts.length,
      contradicted: findings('discontinued'),
      withdrawnStillListed: findings('withdrawn'),
      notInDrugsAtFda: facts
        .filter((i) => !seen.has(i.id))
        .map((i) => i.id)
        .sort(),
    };
  }
}
