import type { FindingCitation, FindingParticipant, InteractionFinding, Severity } from '@vigil/contracts';
import type { KbCitation } from '../model/compiled-kb.model';
import type { FindingTextField } from '../model/drug-input.model';
import { worseSeverity } from '../model/kb-vocabulary';
import type { CheckUnit, FindingDraft } from './check-unit.model';

const PLACEHOLDER_RE = /\{(a|b|perpetrator|victim|enzyme|drugs|count|class|domain)\}/g;

/** Turns drafts into public findings: placeholders filled, participants ordered, deterministic id, optional fields. */
export class FindingBuilder {
  static participant(u: CheckUnit, role?: 'perpetrator' | 'victim'): FindingParticipant {
    return { index: u.index, ingredient: u.ingredient.name, ingredientId: u.ingredient.id, ...(role ? { role } : {}) };
  }

  static citations(list: readonly KbCitation[], sourceId: string): FindingCitation[] {
    return list.map((c) => ({
      source: c.source,
      title: c.title,
      ...(c.section ? { section: c.section } : {}),
      ...(c.url ? { url: c.url } : {}),
      sources: [sourceId],
    }));
  }

  /** Adds participants not yet listed (same index and ingredient). */
  static addParticipants(draft: FindingDraft, ps: readonly FindingParticipant[]): void {
    for (const p of ps) {
      if (!draft.participants.some((q) => q.index === p.index && q.ingredientId === p.ingredientId)) draft.participants.push(p);
    }
  }

  /** Records another source's assertion of the same finding: its severity and its citations. */
  static fold(draft: FindingDraft, sourceId: string, severity: Severity, citations: readonly KbCitation[]): void {
    const prev = draft.severityBySource[sourceId];
    draft.severityBySource[sourceId] = prev ? worseSeverity(prev, severity) : severity;
    if (!draft.sources.includes(sourceId)) draft.sources.push(sourceId);
    for (const c of citations) {
      const same = draft.citations.find((d) => d.source === c.source && d.title === c.title && d.section === c.section && d.url === c.url);
      if (same) {
        if (!same.sources.includes(sourceId)) same.sources.push(sourceId);
      } else draft.citations.push(...FindingBuilder.citations([c], sourceId));
    }
  }

  static build(draft: FindingDraft, include: ReadonlySet<FindingTextField>): InteractionFinding {
    const participants = [...draft.participants].sort((x, y) => x.index - y.index || x.ingredientId.localeCompare(y.ingredientId));
    const fill = (s: string) => (s.includes('{') ? s.replace(PLACEHOLDER_RE, (m, k: string) => draft.placeholders[k] ?? m) : s);
    const names: string[] = [];
    for (const p of participants) if (!names.includes(p.ingredient)) names.push(p.ingredient);
    const finding: InteractionFinding = {
      id: FindingBuilder.id(draft.ruleId, participants),
      ruleId: draft.ruleId,
      kind: draft.kind,
      severity: draft.severity,
      severityBySource: { ...draft.severityBySource },
      sources: [...draft.sources],
      participants,
      title: names.join(' + '),
      summary: fill(draft.summary),
      consequence: fill(draft.consequence),
      risks: [...draft.risks],
    };
    if (include.has('mechanism')) finding.mechanism = fill(draft.mechanism);
    if (include.has('management')) finding.management = fill(draft.management);
    if (include.has('evidence')) {
      finding.evidence = {
        level: draft.evidenceLevel as NonNullable<InteractionFinding['evidence']>['level'],
        citations: draft.citations,
      };
    }
    if (draft.oncGroup !== undefined) finding.oncGroup = draft.oncGroup;
    return finding;
  }

  /**
   * `f-` + 16 hex digits of a 64-bit hash of `ruleId|index:ingredient,…`: the same rule on the same drugs in the same
   * list positions always gets the same id. (Two independent 32-bit FNV-1a/murmur-mixed lanes; stable forever.)
   */
  static id(ruleId: string, participants: readonly FindingParticipant[]): string {
    let key = `${ruleId}|`;
    for (let i = 0; i < participants.length; i++) key += `${i > 0 ? ',' : ''}${participants[i].index}:${participants[i].ingredientId}`;
    let h1 = 0x811c9dc5;
    let h2 = 0x9747b28c;
    for (let i = 0; i < key.length; i++) {
      const ch = key.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 0x01000193);
      h2 = Math.imul(h2 ^ ch, 0x5bd1e995);
      h2 ^= h2 >>> 15;
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b);
    h1 = Math.imul(h1 ^ (h1 >>> 13), 0xc2b2ae35);
    h1 ^= h1 >>> 16;
    h2 = Math.imul(h2 ^ (h2 >>> 16), 0x85ebca6b);
    h2 = Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35);
    h2 ^= h2 >>> 16;
    return `f-${(h1 >>> 0).toString(16).padStart(8, '0')}${(h2 >>> 0).toString(16).padStart(8, '0')}`;
  }
}
