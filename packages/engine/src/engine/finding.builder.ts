import type { FindingCitation, FindingParticipant, InteractionFinding, Severity } from '@vigil/contracts';
import type { KbCitation } from '../model/compiled-kb.model';
import type { FindingTextField } from '../model/drug-input.model';
import { worseSeverity } from '../model/kb-vocabulary';
import type { CheckUnit, FindingDraft } from './check-unit.model';

const PLACEHOLDER_RE = /\{(a|b|perpetrator|victim|enzyme|drugs|count|class|domain|conditionalDrugs)\}/g;

/** Turns drafts into public findings: placeholders filled, participants ordered, deterministic id, optional fields. */
export class FindingBuilder {
  static participant(u: CheckUnit, role?: 'perpetrator' | 'victim'): FindingParticipant {
    const p: FindingParticipant = { index: u.index, ingredient: u.ingredient.name, ingredientId: u.ingredient.id };
    if (role) p.role = role;
    return p;
  }

  /** `{ [sourceId]: severity }`, without the runtime call V8 makes for a computed key in an object literal. */
  static severityBySource(sourceId: string, severity: Severity): Record<string, Severity> {
    const out: Record<string, Severity> = {};
    out[sourceId] = severity;
    return out;
  }

  static citations(list: readonly KbCitation[], sourceId: string): FindingCitation[] {
    return list.map((c) => {
      // Key order is the response order: source, title, section, url, sources.
      const out = { source: c.source, title: c.title } as FindingCitation;
      if (c.section) out.section = c.section;
      if (c.url) out.url = c.url;
      out.sources = [sourceId];
      return out;
    });
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
      const same = sameCitation(draft, c);
      if (same) {
        if (!same.sources.includes(sourceId)) same.sources.push(sourceId);
      } else draft.citations.push(...FindingBuilder.citations([c], sourceId));
    }
  }

  /**
   * Folds a whole other finding into `host` (the same effect reported for other ingredients of the same entries):
   * its participants, sources, per-source severities (the worse one kept), citations and risk tags.
   */
  static absorbFinding(host: FindingDraft, other: FindingDraft): void {
    FindingBuilder.addParticipants(host, other.participants);
    for (const [source, severity] of Object.entries(other.severityBySource)) {
      const prev = host.severityBySource[source];
      host.severityBySource[source] = prev ? worseSeverity(prev, severity) : severity;
    }
    for (const s of other.sources) if (!host.sources.includes(s)) host.sources.push(s);
    for (const c of other.citations) {
      const same = sameCitation(host, c);
      if (!same) host.citations.push({ ...c, sources: [...c.sources] });
      else for (const s of c.sources) if (!same.sources.includes(s)) same.sources.push(s);
    }
    for (const t of other.risks) if (!host.risks.includes(t)) host.risks = [...host.risks, t];
  }

  static build(draft: FindingDraft, include: ReadonlySet<FindingTextField>): InteractionFinding {
    const participants = draft.participants;
    // Nearly every finding has two participants: order them without Array.prototype.sort's setup.
    if (participants.length === 2) {
      if (compareParticipants(participants[1], participants[0]) < 0) participants.reverse();
    } else if (participants.length > 2) participants.sort(compareParticipants);
    const ph = draft.placeholders;
    const fill = (s: string) => (s.includes('{') ? fillTemplate(s, ph) : s);
    let title = participants[0]?.ingredient ?? '';
    for (let i = 1; i < participants.length; i++) {
      const n = participants[i].ingredient;
      let dup = false;
      for (let j = 0; j < i; j++) if (participants[j].ingredient === n) dup = true;
      if (!dup) title += ` + ${n}`;
    }
    const finding: InteractionFinding = {
      id: FindingBuilder.id(draft.ruleId, participants),
      ruleId: draft.ruleId,
      kind: draft.kind,
      severity: draft.severity,
      severityBySource: draft.severityBySource,
      sources: draft.sources,
      participants,
      title,
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
   * `f-` + 16 hex digits of a 64-bit hash of the rule id and the participants (index and ingredient id, in order):
   * the same rule on the same drugs in the same list positions always gets the same id. Two 32-bit lanes
   * (FNV-1a and a murmur-style multiply), each finished with the murmur3 avalanche; the algorithm must never change.
   */
  static id(ruleId: string, participants: readonly FindingParticipant[]): string {
    let h1 = 0x811c9dc5;
    let h2 = 0x9747b28c;
    const mix = (text: string) => {
      for (let i = 0; i < text.length; i++) {
        const ch = text.charCodeAt(i);
        h1 = mul32(h1 ^ ch, 0x01000193);
        h2 = mul32(h2 ^ ch, 0x5bd1e995);
        h2 ^= h2 >>> 15;
      }
    };
    mix(ruleId);
    for (const p of participants) {
      h1 = mul32(h1 ^ (0x7c + p.index), 0x01000193);
      h2 = mul32(h2 ^ (0x7c + p.index), 0x5bd1e995);
      mix(p.ingredientId);
    }
    return `f-${hex8(avalanche(h1))}${hex8(avalanche(h2))}`;
  }
}

/**
 * Rule texts split once at their placeholders (`{perpetrator}` …): even indexes are text, odd indexes placeholder
 * names. Label statements put placeholders in every text, and a regex replace per text per finding cost more than
 * the rest of the finding's build. Bounded: the texts are the knowledge base's own, a few thousand at most.
 */
const templates = new Map<string, string[]>();
const TEMPLATE_LIMIT = 20_000;

function fillTemplate(text: string, ph: Readonly<Record<string, string>>): string {
  let parts = templates.get(text);
  if (!parts) {
    parts = text.split(PLACEHOLDER_RE);
    if (templates.size >= TEMPLATE_LIMIT) templates.clear();
    templates.set(text, parts);
  }
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const v = ph[parts[i]];
    out += (v ?? `{${parts[i]}}`) + parts[i + 1];
  }
  return out;
}

/** Participants in list order, then by ingredient id. */
function compareParticipants(x: FindingParticipant, y: FindingParticipant): number {
  return x.index - y.index || (x.ingredientId < y.ingredientId ? -1 : x.ingredientId > y.ingredientId ? 1 : 0);
}

/** 32-bit integer multiply. */
const mul32 = Math.imul;

function avalanche(h: number): number {
  h = mul32(h ^ (h >>> 16), 0x85ebca6b);
  h = mul32(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const HEX = '0123456789abcdef';

function hex8(n: number): string {
  let out = '';
  for (let shift = 28; shift >= 0; shift -= 4) out += HEX[(n >>> shift) & 0xf];
  return out;
}

/** The draft's citation of the same source, title, section and url, if it has one. */
function sameCitation(draft: FindingDraft, c: { source: string; title: string; section?: string; url?: string }): FindingCitation | undefined {
  return draft.citations.find((d) => d.source === c.source && d.title === c.title && d.section === c.section && d.url === c.url);
}
