import type { Severity } from '@vigil/contracts';
import { pairKey, type KnowledgeBase } from '../kb/knowledge-base';
import type { KbDomain } from '../model/compiled-kb.model';
import type { CheckUnit, FindingDraft } from './check-unit.model';
import { FindingBuilder } from './finding.builder';

/**
 * Layer 5: two or more drugs sharing a risk domain (QT, serotonergic, CNS depression, bleeding…). One finding per
 * domain listing every participant; severity from the domain's `severityByCount` over distinct ingredients.
 * A finding whose participants are exactly one ingredient pair already covered by a pair/class finding carrying the
 * domain's tag is suppressed.
 */
export class AdditiveRiskLayer {
  constructor(private readonly kb: KnowledgeBase) {}

  /** `covered`: risk tags of kept pair/class findings per ingredient pair (`pairKey` of dense indexes). */
  run(units: readonly CheckUnit[], covered: ReadonlyMap<number, readonly string[]>): FindingDraft[] {
    const byDomain = new Map<string, { domain: KbDomain; units: CheckUnit[] }>();
    for (const u of units) {
      for (const d of this.kb.domainsAt(u.ing)) {
        const entry = byDomain.get(d.id) ?? { domain: d, units: [] };
        entry.units.push(u);
        byDomain.set(d.id, entry);
      }
    }
    const out: FindingDraft[] = [];
    for (const { domain, units: members } of byDomain.values()) {
      const ingredients = [...new Set(members.map((u) => u.ing))];
      if (ingredients.length < 2 || new Set(members.map((u) => u.group)).size < 2) continue;
      const severity = severityForCount(domain.severityByCount, ingredients.length);
      if (!severity) continue;
      if (ingredients.length === 2 && covered.get(pairKey(ingredients[0], ingredients[1]))?.includes(domain.id)) continue;
      const names = [...new Set(members.map((u) => u.ingredient.name))];
      out.push({
        ruleId: `additive:${domain.id}`,
        kind: 'additive',
        layer: 5,
        severity,
        severityBySource: FindingBuilder.severityBySource(domain.sourceId, severity),
        sources: [domain.sourceId],
        participants: members.map((u) => FindingBuilder.participant(u)),
        summary: domain.summary,
        consequence: domain.consequence,
        mechanism: domain.mechanism,
        management: domain.management,
        evidenceLevel: domain.evidence.level,
        citations: FindingBuilder.citations(domain.citations, domain.sourceId),
        risks: [domain.id],
        placeholders: { drugs: names.join(', '), count: String(names.length), domain: domain.name },
      });
    }
    return out;
  }
}

/** Severity for a drug count: the entry with the largest count key not above `count`; none below the smallest key. */
export function severityForCount(byCount: Readonly<Record<string, Severity>>, count: number): Severity | undefined {
  let best: Severity | undefined;
  let bestKey = -1;
  for (const k in byCount) {
    const n = Number(k);
    if (n <= count && n > bestKey) {
      bestKey = n;
      best = byCount[k];
    }
  }
  return best;
}
