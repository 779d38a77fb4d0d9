import type { Severity } from '@vigil/contracts';
import type { LabelMatch } from '../kb/knowledge-base';
import type { KbCitation, KbLabelStatement, KbPathway, KbRule } from '../model/compiled-kb.model';
import { severityRank } from '../model/kb-vocabulary';
import type { CheckUnit } from './check-unit.model';

/**
 * The clinical decision for one pair of units, as plain data and pure functions: which of the rules, substrate label
 * statements and generic pathway templates that apply to the pair become findings, which are folded into another
 * finding, and which risk tags then cover the pair. `PairwiseLayer` gathers the candidates, applies the decision
 * (builds or counts the findings) and keeps its fast routes as shortcuts that must reach the same answer (the
 * route differential tests compare them over every top-300 pair, curated and DDInter-enlarged).
 */

/** A rule, substrate label statement or pathway rule that applies to one pair of units, before precedence and suppression. */
export interface Candidate {
  layer: 1 | 2 | 3;
  sourceId: string;
  severity: Severity;
  risks: readonly string[];
  /** Lower is more specific; in layer 3 a label statement (0) comes before the generic templates (1). */
  specificity: number;
  rule?: KbRule;
  pathway?: KbPathway;
  label?: LabelMatch;
  perpetrator?: CheckUnit;
  victim?: CheckUnit;
}

/** What becomes of a pair's candidates. Indexes point into `kept`. */
export interface PairDecision {
  /** Candidates that become findings, in order (the source that takes precedence, after suppression). */
  kept: Candidate[];
  /** Pathway candidates an at-least-as-severe pair or class finding absorbs as supporting detail (one finding per pair). */
  absorbed: { into: number; candidate: Candidate }[];
  /** Each other source's assertions on the pair, folded into one kept finding (`severityBySource`, citations). */
  folded: { into: number; sourceId: string; severity: Severity; candidates: Candidate[] }[];
  /** The most severe kept pair or class finding (the first on ties), -1 when none: layer 4 folds a class duplicate into it. */
  host: number;
  /** Risk tags of the kept and folded pair/class assertions: they cover the pair for layer 5. */
  tags: string[];
}

/** True when source `a` takes precedence over source `b`: lower precedence rank, then the smaller id. */
export function outranks(a: string, b: string, rank: (sourceId: string) => number): boolean {
  const d = rank(a) - rank(b);
  return d < 0 || (d === 0 && a < b);
}

/** The candidate of a layer-1/2 rule (same shape on every route, so the pair layer's code sees one object layout). */
export function ruleCandidate(rule: KbRule, layer: 1 | 2, specificity: number): Candidate {
  return { layer, sourceId: rule.sourceId, severity: rule.severity, risks: rule.risks, specificity, rule };
}

/** The text source of a candidate. */
export function sourceOf(c: Candidate): KbRule | KbPathway | KbLabelStatement {
  return (c.rule ?? c.pathway ?? c.label?.label)!;
}

/** The enzyme of a layer-3 candidate (a label statement's own enzyme, not its `also` ones). */
export function enzymeOf(c: Candidate): string {
  return c.pathway ? c.pathway.enzyme : c.label!.label.enzyme;
}

export function citationsOf(c: Candidate): readonly KbCitation[] {
  return sourceOf(c).citations;
}

/** Pair rules before class rules before pathways; then the more specific, the more severe, the smaller id. */
export function compareCandidates(a: Candidate, b: Candidate): number {
  return a.layer - b.layer || a.specificity - b.specificity || severityRank(a.severity) - severityRank(b.severity) || (sourceOf(a).id < sourceOf(b).id ? -1 : 1);
}

/** The most severe kept layer-1/2 candidate (the first on ties: the most specific), -1 when none. */
function mostSevereRule(kept: readonly Candidate[]): number {
  let best = -1;
  for (let i = 0; i < kept.length; i++) if (kept[i].layer < 3 && (best < 0 || severityRank(kept[i].severity) < severityRank(kept[best].severity))) best = i;
  return best;
}

/**
 * The kept finding that absorbs pathway candidate `c` as supporting detail, -1 when none: the most severe kept pair
 * or class finding when it is at least as severe; else the first kept pathway finding at least as severe (the pair's
 * other enzyme or other direction: ceritinib inhibits both CYP2C9 and CYP3A4 of warfarin, diltiazem and verapamil each
 * inhibit the other's CYP3A4; one finding per pair says so, the other pathway's citations and `pk-` tag folded in).
 */
function absorberOf(kept: readonly Candidate[], c: Candidate): number {
  const rank = severityRank(c.severity);
  const host = mostSevereRule(kept);
  if (host >= 0 && severityRank(kept[host].severity) <= rank) return host;
  for (let i = 0; i < kept.length; i++) if (kept[i].layer === 3 && severityRank(kept[i].severity) <= rank) return i;
  return -1;
}

/**
 * Decides a pair with at least one candidate (in gathering order: rules, then each direction's label statements
 * and templates). Per pair, the highest-precedence source that says anything gives the findings: its candidates in
 * `compareCandidates` order; a class rule sharing a risk tag with a kept rule is suppressed (more specific wins);
 * a pathway candidate is suppressed by a kept rule tag naming its enzyme (`pk-<enzyme>`) or by an earlier kept
 * pathway of the same enzyme and perpetrator, and absorbed by an at-least-as-severe kept rule, else by an
 * at-least-as-severe kept pathway finding (`absorberOf`). Each other source's
 * candidates are folded into the kept finding sharing a risk tag with them, else into the most severe kept finding.
 */
export function decidePair(candidates: readonly Candidate[], rank: (sourceId: string) => number): PairDecision {
  let top = candidates[0].sourceId;
  let mixed = false;
  for (let i = 1; i < candidates.length; i++) {
    const s = candidates[i].sourceId;
    if (s === top) continue;
    mixed = true;
    if (outranks(s, top, rank)) top = s;
  }
  const primary = mixed ? candidates.filter((c) => c.sourceId === top) : [...candidates];
  if (primary.length > 1) primary.sort(compareCandidates);

  const kept: Candidate[] = [];
  const absorbed: PairDecision['absorbed'] = [];
  const tags = new Set<string>();
  const pathwaysKept = new Set<string>();
  for (const c of primary) {
    if (c.layer === 2 && c.risks.some((t) => tags.has(t))) continue;
    if (c.layer === 3) {
      const direction = `${enzymeOf(c)}|${c.perpetrator!.ing}`;
      if (tags.has(c.risks[0]) || pathwaysKept.has(direction)) continue;
      pathwaysKept.add(direction);
      const host = absorberOf(kept, c);
      if (host >= 0) {
        absorbed.push({ into: host, candidate: c });
        continue;
      }
    } else for (const t of c.risks) tags.add(t);
    kept.push(c);
  }

  const folded: PairDecision['folded'] = [];
  if (mixed) {
    const secondary = new Map<string, Candidate[]>();
    for (const c of candidates) {
      if (c.sourceId === top) continue;
      const list = secondary.get(c.sourceId);
      if (list) list.push(c);
      else secondary.set(c.sourceId, [c]);
    }
    for (const [sourceId, list] of secondary) {
      let into = kept.findIndex((k) => k.risks.some((t) => list.some((s) => s.risks.includes(t))));
      if (into < 0) {
        into = 0;
        for (let i = 1; i < kept.length; i++) if (severityRank(kept[i].severity) < severityRank(kept[into].severity)) into = i;
      }
      const severity = list.reduce((a, s) => (severityRank(s.severity) < severityRank(a) ? s.severity : a), list[0].severity);
      folded.push({ into, sourceId, severity, candidates: list });
      // The merged finding stands for the folded assertions too: their pair/class risk tags cover the pair.
      for (const s of list) if (s.layer < 3) for (const t of s.risks) tags.add(t);
    }
  }
  return { kept, absorbed, folded, host: mostSevereRule(kept), tags: [...tags] };
}
