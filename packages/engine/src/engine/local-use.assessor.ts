import type { DrugResolution, LocalRoute, LocalUse } from '@vigil/contracts';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { KbCitation, KbLocalUse } from '../model/compiled-kb.model';

const ROUTE_WORDS: Readonly<Record<LocalRoute, string>> = { skin: 'on the skin', eye: 'in the eye', ear: 'in the ear' };

/**
 * Whether a drug applied to the skin, eye or ear is checked: it is left out only when every one of its ingredients
 * is recorded (`local-use.yaml`, with citations) as negligibly absorbed by that route; otherwise it is checked as a
 * systemic drug without the ingredients that are recorded (the engine drops their units), and the resolution says so.
 */
export class LocalUseAssessor {
  constructor(private readonly kb: KnowledgeBase) {}

  /** `resolution` has at least one ingredient (the engine assesses resolved entries only). */
  assess(resolution: DrugResolution, route: LocalRoute, from: LocalUse['from']): LocalUse {
    const entries = resolution.ingredients.map((ing) => this.kb.localUseOf(ing.id, route));
    const names = resolution.ingredients.map((i) => i.name).join(' + ');
    if (entries.every((e): e is KbLocalUse => e !== undefined)) {
      const unique = [...new Set(entries)];
      return { route, from, checked: false, note: unique.map((e) => e.summary).join(' '), citations: citationsOf(unique) };
    }
    const recorded = [...new Set(entries.filter((e): e is KbLocalUse => e !== undefined))];
    if (recorded.length > 0) {
      // A combination where some ingredients are negligibly absorbed by this route (Lotrisone: clotrimazole on the skin):
      // those are left out, the others checked as systemic drugs.
      const out = resolution.ingredients.filter((_, k) => entries[k] !== undefined).map((i) => i.name);
      const kept = resolution.ingredients.filter((_, k) => entries[k] === undefined).map((i) => i.name);
      return {
        route,
        from,
        checked: true,
        note: `Applied ${ROUTE_WORDS[route]}: ${out.join(' + ')} ${out.length > 1 ? 'are' : 'is'} negligibly absorbed by this route and ${out.length > 1 ? 'were' : 'was'} left out of the check (${recorded.map((e) => e.summary).join(' ')}); ${kept.join(' + ')} ${kept.length > 1 ? 'were' : 'was'} checked as a systemic drug (a finding may overstate the risk of local use).`,
        citations: citationsOf(recorded),
      };
    }
    return {
      route,
      from,
      checked: true,
      note: `Applied ${ROUTE_WORDS[route]}: the knowledge base records no negligible absorption of ${names} by this route, so it was checked as a systemic drug (a finding may overstate the risk of local use).`,
      citations: [],
    };
  }
}

/** The citations of the local-use entries, each title and section once. */
function citationsOf(entries: readonly KbLocalUse[]): KbCitation[] {
  const citations: KbCitation[] = [];
  const seen = new Set<string>();
  for (const e of entries)
    for (const c of e.citations) {
      const key = `${c.title}|${c.section ?? ''}`;
      if (!seen.has(key)) {
        seen.add(key);
        citations.push(c);
      }
    }
  return citations;
}
