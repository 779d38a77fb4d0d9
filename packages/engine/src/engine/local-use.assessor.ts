import type { DrugResolution, LocalRoute, LocalUse } from '@vigil/contracts';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { KbCitation, KbLocalUse } from '../model/compiled-kb.model';

const ROUTE_WORDS: Readonly<Record<LocalRoute, string>> = { skin: 'on the skin', eye: 'in the eye', ear: 'in the ear' };

/**
 * Whether a drug applied to the skin, eye or ear is checked: it is left out only when every one of its ingredients
 * is recorded (`local-use.yaml`, with citations) as negligibly absorbed by that route; otherwise it is checked as a
 * systemic drug, and the resolution says so.
 */
export class LocalUseAssessor {
  constructor(private readonly kb: KnowledgeBase) {}

  /** `resolution` has at least one ingredient (the engine assesses resolved entries only). */
  assess(resolution: DrugResolution, route: LocalRoute, from: LocalUse['from']): LocalUse {
    const entries = resolution.ingredients.map((ing) => this.kb.localUseOf(ing.id, route));
    const names = resolution.ingredients.map((i) => i.name).join(' + ');
    if (entries.every((e): e is KbLocalUse => e !== undefined)) {
      const unique = [...new Set(entries)];
      const citations: KbCitation[] = [];
      const seen = new Set<string>();
      for (const e of unique)
        for (const c of e.citations) {
          const key = `${c.title}|${c.section ?? ''}`;
          if (!seen.has(key)) {
            seen.add(key);
            citations.push(c);
          }
        }
      return { route, from, checked: false, note: unique.map((e) => e.summary).join(' '), citations };
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
