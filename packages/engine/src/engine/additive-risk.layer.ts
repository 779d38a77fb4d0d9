import type { Severity } from '@vigil/contracts';
import { pairKey, type KnowledgeBase } from '../kb/knowledge-base';
import type { KbDomain } from '../model/compiled-kb.model';
import type { CheckUnit, FindingDraft } from './check-unit.model';
import { FindingBuilder } from './finding.builder';

/**
 * Layer 5: two or more drugs sharing a risk domain (QT, serotonergic, CNS depression, bleeding…). One finding per
 * domain listing every participant; severity from the domain's `severityByCount` over distinct ingredients.
 * A conditional member (`conditionalRisks`: a possible or conditional risk) takes part only beside at least one full
 * member, and all conditional members of one list add one to the count together, so two of them never alert alone
 * and they never escalate a finding by their number.
 * A finding whose participants are exactly one ingredient pair already covered by a pair/class finding carrying the
 * domain's tag is suppressed.
 */
export class AdditiveRiskLayer {
  constructor(private readonly kb: KnowledgeBase) {}

  /** `covered`: risk tags of kept pair/class findings per ingredient pair (`pairKey` of dense indexes). */
  run(units: readonly CheckUnit[], covered: ReadonlyMap<number, readonly string[]>): FindingDraft[] {
    const byDomain = new Map<string, { domain: KbDomain; units: CheckUnit[]; conditional: CheckUnit[] }>();
    const entryOf = (d: KbDomain) => {
      let entry = byDomain.get(d.id);
      if (!entry) byDomain.set(d.id, (entry = { domain: d, units: [], conditional: [] }));
      return entry;
    };
    for (const u of units) {
      // Used at a non-systemic site, a drug does not join a domain that counts only systemic use, or not that site.
      for (const d of this.kb.domainsAt(u.ing)) if (joinsAt(d, u)) entryOf(d).units.push(u);
      for (const d of this.kb.conditionalDomainsAt(u.ing)) if (joinsAt(d, u)) entryOf(d).conditional.push(u);
    }
    const out: FindingDraft[] = [];
    for (const { domain, units: full, conditional } of byDomain.values()) {
      if (full.length === 0) continue;
      // Counted by active drug: a prodrug beside the drug it becomes (Vyvanse with Adderall's dextroamphetamine) is one.
      const fullDrugs = new Set(full.map((u) => this.kb.activeDrugAt(u.ing)));
      const extra = conditional.filter((u) => !fullDrugs.has(this.kb.activeDrugAt(u.ing)));
      const members = [...full, ...extra];
      const ingredients = [...new Set(members.map((u) => u.ing))];
      const count = fullDrugs.size + (extra.length > 0 ? 1 : 0);
      if (count < 2 || new Set(members.map((u) => u.group)).size < 2) continue;
      const severity = severityForCount(domain.severityByCount, count);
      if (!severity) continue;
      if (ingredients.length === 2 && covered.get(pairKey(ingredients[0], ingredients[1]))?.includes(domain.id)) continue;
      const names = [...new Set(members.map((u) => u.ingredient.name))];
      const withConditional = extra.length > 0 && domain.conditional !== undefined;
      const citations = withConditional ? [...domain.citations, ...domain.conditional!.citations] : domain.citations;
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
        mechanism: withConditional ? `${domain.mechanism} ${domain.conditional!.note}` : domain.mechanism,
        management: domain.management,
        evidenceLevel: domain.evidence.level,
        citations: FindingBuilder.citations(citations, domain.sourceId),
        risks: [domain.id],
        placeholders: {
          drugs: names.join(', '),
          count: String(names.length),
          domain: domain.name,
          ...(withConditional ? { conditionalDrugs: [...new Set(extra.map((u) => u.ingredient.name))].join(', ') } : {}),
        },
      });
    }
    return out;
  }
}

/** True when the unit joins the domain where it is used: any use for most; not at a site a `systemicOnly` or `notAt` domain leaves out. */
function joinsAt(d: KbDomain, u: CheckUnit): boolean {
  return u.site === undefined || (!d.systemicOnly && !(d.notAt?.includes(u.site) ?? false));
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
