import type { FindingKind, Severity } from '@vigil/contracts';
import { packedRuleIndex, packedSeverityRank, pairKey, type KnowledgeBase, type LabelMatch, type PairRuleRef } from '../kb/knowledge-base';
import type { KbLabelStatement, KbPathway, KbRule } from '../model/compiled-kb.model';
import type { CheckUnit, FindingDraft } from './check-unit.model';
import { FindingBuilder } from './finding.builder';
import { HiddenFindingsCounter } from './hidden-findings.counter';
import { type Candidate, citationsOf, decidePair, enzymeOf, outranks, ruleCandidate, sourceOf } from './pair-decision';

const NO_PATHWAYS: ReturnType<KnowledgeBase['perpetratorPathwaysAt']> = [];
const NO_LABELS: readonly LabelMatch[] = [];
const PLACEHOLDER_TEST = /\{(a|b|perpetrator|victim|enzyme)\}/;
const hasPlaceholders = new WeakMap<object, boolean>();

/**
 * Layers 1–3 for every pair of units: ingredient rules, class rules (expanded to ingredient pairs at load),
 * substrate label statements and generic pathway rules from enzyme roles. Per pair, the highest-precedence source
 * that says anything gives the findings; a more specific finding suppresses a more general one sharing a risk tag
 * (pair > class, smaller class > larger, pair/class tags `pk-<enzyme>` > pathway); a substrate's label statement
 * replaces the generic templates of its enzyme and direction; a pathway finding on a pair that already has an
 * at-least-as-severe pair or class finding is folded into it (one finding per pair); other sources are folded
 * into those findings (`severityBySource`). Two entries that both contain an ingredient pair (the same combination
 * product twice) are not checked against each other for it: the product combines them by design, and the
 * duplicate-ingredient finding reports the repetition.
 *
 * The clinical decision itself is `decidePair` (pair-decision.ts); this class gathers each pair's candidates, applies
 * the decision, and takes three shortcuts to the same answer for the common pairs (one packed rule, one rule, one
 * rule from each of two sources). Findings below `minSeverity` are counted by `HiddenFindingsCounter`, never built.
 */
export class PairwiseLayer {
  /** Risk tags of the kept layer-1/2 findings per ingredient pair (key: `pairKey` of dense indexes): used by layer 5. */
  readonly covered = new Map<number, string[]>();
  /**
   * The kept (or, below `minSeverity`, counted) layer-1/2 finding of each ingredient pair whose two ingredients both
   * belong to a duplicate-therapy class (key: `pairKey`): layer 4 folds its class duplicate into it (`ruleFindingOn`).
   */
  private readonly ruleFindings = new Map<number, RuleFinding>();
  private readonly drafts = new Map<string, FindingDraft>();
  private readonly hidden: HiddenFindingsCounter;
  private readonly rank = new Map<string, number>();
  private readonly rankOf = (sourceId: string): number => this.rank.get(sourceId) ?? this.rank.size;

  /** `minSeverity`: findings that could only be filtered out later are counted instead of built. */
  constructor(
    private readonly kb: KnowledgeBase,
    precedence: readonly string[],
    minSeverity?: Severity,
    /** False: every pair takes the general route (the differential tests compare the two). */
    private readonly fastPaths = true,
  ) {
    this.hidden = new HiddenFindingsCounter(minSeverity);
    precedence.forEach((s, i) => {
      if (!this.rank.has(s)) this.rank.set(s, i);
    });
  }

  /** Checks every pair of units from different groups. */
  run(units: readonly CheckUnit[]): FindingDraft[] {
    const repeats = repeatsIngredient(units);
    this.hidden.start(repeats);
    // Only a repeated ingredient can put a pair inside another entry's product (see `sameProduct`).
    const groups = repeats ? groupIngredients(units) : undefined;
    for (let x = 0; x < units.length; x++) {
      const u = units[x];
      for (let y = x + 1; y < units.length; y++) {
        const v = units[y];
        if (u.group !== v.group && u.ing !== v.ing && !(groups && sameProduct(groups, u, v))) this.checkPair(u, v);
      }
    }
    return [...this.drafts.values()];
  }

  /** Findings below `minSeverity` that were counted, not built. */
  get hiddenCount(): number {
    return this.hidden.count(this.drafts);
  }

  private checkPair(u: CheckUnit, v: CheckUnit): void {
    let entry = this.kb.pairEntry(u.ing, v.ing);
    // Only class rules and rules with `notAt` (never packed) depend on where a drug is applied.
    if (typeof entry === 'object' && (u.site !== undefined || v.site !== undefined)) entry = this.atSites(entry, u, v);
    // A prodrug and the drug it becomes (fosphenytoin and phenytoin) are one drug: no enzyme finding between them.
    // Nor for a drug used where its enzyme roles do not apply (`pathwaysNotAt`: the levonorgestrel IUD).
    const noPathways =
      this.kb.activeDrugAt(u.ing) === this.kb.activeDrugAt(v.ing) ||
      (u.site !== undefined && this.kb.arePathwaysOffAt(u.ing, u.site)) ||
      (v.site !== undefined && this.kb.arePathwaysOffAt(v.ing, v.site));
    const perpU = noPathways ? NO_PATHWAYS : this.kb.perpetratorPathwaysAt(u.ing);
    const perpV = noPathways ? NO_PATHWAYS : this.kb.perpetratorPathwaysAt(v.ing);
    const labelsU = noPathways ? NO_LABELS : this.kb.labelsAt(u.ing);
    const labelsV = noPathways ? NO_LABELS : this.kb.labelsAt(v.ing);
    if (entry === undefined && perpU.length === 0 && perpV.length === 0 && labelsU.length === 0 && labelsV.length === 0) return;
    // Perpetrators are common (every CYP inhibitor); a pathway finding needs the other drug to be its victim too.
    // Label statements are few and indexed by victim, each with the set of perpetrators it names.
    const pathwayHit = this.anyPathway(v, perpU) || this.anyPathway(u, perpV) || anyLabel(labelsU, v) || anyLabel(labelsV, u);
    if (entry === undefined && !pathwayHit) return;
    if (this.fastPaths && typeof entry === 'number' && !pathwayHit) {
      // Fast path, packed: one ingredient rule without risk tags, its severity in the number itself.
      if (this.hidden.belowRank(packedSeverityRank(entry))) {
        this.hidden.hidePair(pairKey(u.ing, v.ing));
        // The rule itself is reached only when layer 4 may ask about the pair (a bulk source hides many).
        if (this.tracksRuleFinding(u, v)) this.noteRuleFinding(u, v, this.kb.rules[packedRuleIndex(entry)].severity, null);
      } else {
        const rule = this.kb.rules[packedRuleIndex(entry)];
        this.noteRuleFinding(u, v, rule.severity, this.draftFor(ruleCandidate(rule, 1, 1), u, v));
      }
      return;
    }
    const refs = typeof entry === 'number' ? this.kb.rulesForPair(u.ing, v.ing) : entry;
    if (this.fastPaths && refs && refs.length === 1 && !pathwayHit) {
      // Fast path: one rule, nothing to rank, suppress or fold.
      const ref = refs[0];
      if (this.hidden.below(ref.rule.severity)) {
        this.hidden.hidePair(pairKey(u.ing, v.ing));
        this.noteRuleFinding(u, v, ref.rule.severity, null);
      } else this.noteRuleFinding(u, v, ref.rule.severity, this.draftFor(ruleCandidate(ref.rule, ref.layer, ref.specificity), u, v));
      if (ref.rule.risks.length > 0) this.cover(u, v, ref.rule.risks);
      return;
    }
    if (this.fastPaths && refs && refs.length === 2 && !pathwayHit && refs[0].rule.sourceId !== refs[1].rule.sourceId) {
      this.twoSources(u, v, refs[0], refs[1]);
      return;
    }
    const candidates: Candidate[] = [];
    if (refs) for (const ref of refs) candidates.push(ruleCandidate(ref.rule, ref.layer, ref.specificity));
    this.pathwayCandidates(u, v, perpU, labelsV, candidates);
    this.pathwayCandidates(v, u, perpV, labelsU, candidates);
    if (candidates.length === 0) return;

    // The general route: the decision, then findings built (or counted below minSeverity) as it says.
    const decision = decidePair(candidates, this.rankOf);
    const drafts = decision.kept.map((c) => (this.hidden.below(c.severity) ? this.hidden.hide(candidateKey(c, u, v)) : this.draftFor(c, u, v)));
    for (const a of decision.absorbed) {
      const draft = drafts[a.into];
      if (draft) absorb(draft, a.candidate);
    }
    for (const f of decision.folded) {
      const draft = drafts[f.into];
      if (!draft) continue;
      FindingBuilder.fold(draft, f.sourceId, f.severity, f.candidates.length === 1 ? citationsOf(f.candidates[0]) : f.candidates.flatMap((s) => citationsOf(s)));
      for (const s of f.candidates) if (s.layer < 3) for (const t of s.risks) if (!draft.risks.includes(t)) draft.risks = [...draft.risks, t];
    }
    if (decision.host >= 0) this.noteRuleFinding(u, v, decision.kept[decision.host].severity, drafts[decision.host]);
    if (decision.tags.length > 0) this.cover(u, v, decision.tags);
  }

  /**
   * The rules of a pair that still apply when one unit is used at a non-systemic site: not a rule whose `notAt` names
   * the site of either unit, and a class rule only when each unit is a member of its side for this check (`sideHas`).
   * Undefined when none is left.
   */
  private atSites(refs: readonly PairRuleRef[], u: CheckUnit, v: CheckUnit): PairRuleRef[] | undefined {
    const kept = refs.filter(
      (ref) =>
        !excludedAt(ref.rule, u, v) &&
        (ref.layer === 1 || (sideHas(this.kb, ref.rule.a, u) && sideHas(this.kb, ref.rule.b, v)) || (sideHas(this.kb, ref.rule.b, u) && sideHas(this.kb, ref.rule.a, v))),
    );
    return kept.length > 0 ? kept : undefined;
  }

  /**
   * The pair's layer-1/2 finding when both ingredients belong to a duplicate-therapy class: its severity, and its
   * draft (null when it was counted below `minSeverity`, not built).
   */
  ruleFindingOn(i: number, j: number): RuleFinding | undefined {
    return this.ruleFindings.get(pairKey(i, j));
  }

  /** True for the pairs layer 4 can ask about: both ingredients in duplicate-therapy classes (few pairs). */
  private tracksRuleFinding(u: CheckUnit, v: CheckUnit): boolean {
    return this.kb.duplicateClassesAt(u.ing).length > 0 && this.kb.duplicateClassesAt(v.ing).length > 0;
  }

  private noteRuleFinding(u: CheckUnit, v: CheckUnit, severity: Severity, draft: FindingDraft | null): void {
    if (this.tracksRuleFinding(u, v)) this.ruleFindings.set(pairKey(u.ing, v.ing), { severity, draft });
  }

  /**
   * One rule from each of two sources and no pathway rule (a bulk source restating a curated pair, the common case
   * with an imported source): what the general path decides for it, without its candidate lists, maps and sets.
   * The rule of the source that takes precedence gives the finding; the other is folded into it.
   */
  private twoSources(u: CheckUnit, v: CheckUnit, x: PairRuleRef, y: PairRuleRef): void {
    const [top, other] = outranks(y.rule.sourceId, x.rule.sourceId, this.rankOf) ? [y, x] : [x, y];
    const c = ruleCandidate(top.rule, top.layer, top.specificity);
    const draft = this.hidden.below(c.severity) ? this.hidden.hide(candidateKey(c, u, v)) : this.draftFor(c, u, v);
    this.noteRuleFinding(u, v, c.severity, draft);
    if (draft) FindingBuilder.fold(draft, other.rule.sourceId, other.rule.severity, other.rule.citations);
    const tags: string[] = [];
    for (const t of top.rule.risks) if (!tags.includes(t)) tags.push(t);
    // The merged finding stands for the folded assertion too: its risk tags cover the pair.
    for (const t of other.rule.risks) {
      if (draft && !draft.risks.includes(t)) draft.risks = [...draft.risks, t];
      if (!tags.includes(t)) tags.push(t);
    }
    if (tags.length > 0) this.cover(u, v, tags);
  }

  private cover(u: CheckUnit, v: CheckUnit, tags: readonly string[]): void {
    const key = pairKey(u.ing, v.ing);
    const prev = this.covered.get(key);
    if (!prev) this.covered.set(key, [...tags]);
    else for (const t of tags) if (!prev.includes(t)) prev.push(t);
  }

  private anyPathway(victim: CheckUnit, matches: ReturnType<KnowledgeBase['perpetratorPathwaysAt']>): boolean {
    for (const m of matches) if (this.kb.isPathwayVictim(victim.ing, m.pathway.id)) return true;
    return false;
  }

  /**
   * Layer-3 candidates of one direction: the victim's label statements naming this perpetrator, then the generic
   * templates, except those of an enzyme and role a label statement already answers for this victim.
   */
  private pathwayCandidates(
    perp: CheckUnit,
    victim: CheckUnit,
    matches: ReturnType<KnowledgeBase['perpetratorPathwaysAt']>,
    victimLabels: readonly LabelMatch[],
    out: Candidate[],
  ): void {
    let replaced: string[] | undefined;
    for (const l of victimLabels) {
      if (!l.perpetrators.has(perp.ing)) continue;
      out.push({ layer: 3, sourceId: l.label.sourceId, severity: l.label.severity, risks: l.risks, specificity: 0, label: l, perpetrator: perp, victim });
      (replaced ??= []).push(...l.replaces);
    }
    for (const m of matches) {
      if (!this.kb.isPathwayVictim(victim.ing, m.pathway.id)) continue;
      if (replaced && replaced.includes(`${m.pathway.enzyme}|${m.pathway.perpetrator.role}`)) continue;
      out.push({ layer: 3, sourceId: m.pathway.sourceId, severity: m.pathway.severity, risks: [m.riskTag], specificity: 1, pathway: m.pathway, perpetrator: perp, victim });
    }
  }

  /** The draft for a kept candidate, merged with the same rule on the same ingredients from other input pairs. */
  private draftFor(c: Candidate, u: CheckUnit, v: CheckUnit): FindingDraft {
    const src = sourceOf(c);
    const key = candidateKey(c, u, v);
    const existing = this.drafts.get(key);
    const participants =
      c.layer === 3
        ? [FindingBuilder.participant(c.perpetrator!, 'perpetrator'), FindingBuilder.participant(c.victim!, 'victim')]
        : [FindingBuilder.participant(u), FindingBuilder.participant(v)];
    if (existing) {
      FindingBuilder.addParticipants(existing, participants);
      return existing;
    }
    const kind: FindingKind = c.layer === 1 ? 'drug-drug' : c.layer === 2 ? 'class' : 'pathway';
    const draft: FindingDraft = {
      ruleId: src.id,
      kind,
      layer: c.layer,
      severity: c.severity,
      severityBySource: FindingBuilder.severityBySource(c.sourceId, c.severity),
      sources: [c.sourceId],
      participants,
      summary: src.summary,
      consequence: src.consequence,
      mechanism: src.mechanism,
      management: src.management,
      evidenceLevel: src.evidence.level,
      citations: FindingBuilder.citations(src.citations, c.sourceId),
      risks: c.risks as string[],
      placeholders: this.placeholders(c, src, u, v),
    };
    if (c.rule?.onc !== undefined) draft.oncGroup = c.rule.onc;
    this.drafts.set(key, draft);
    return draft;
  }

  private placeholders(c: Candidate, src: KbRule | KbPathway | KbLabelStatement, u: CheckUnit, v: CheckUnit): Record<string, string> {
    let has = hasPlaceholders.get(src);
    if (has === undefined) {
      has = [src.summary, src.consequence, src.mechanism, src.management].some((t) => PLACEHOLDER_TEST.test(t));
      hasPlaceholders.set(src, has);
    }
    if (!has) return {};
    if (c.rule) {
      const aIsU = sideHas(this.kb, c.rule.a, u) && sideHas(this.kb, c.rule.b, v);
      return { a: (aIsU ? u : v).ingredient.name, b: (aIsU ? v : u).ingredient.name };
    }
    return { perpetrator: c.perpetrator!.ingredient.name, victim: c.victim!.ingredient.name, enzyme: enzymeOf(c) };
  }
}

/** A pair's layer-1/2 finding as layer 4 sees it (see `PairwiseLayer.ruleFindingOn`). */
export interface RuleFinding {
  severity: Severity;
  draft: FindingDraft | null;
}

function anyLabel(victimLabels: readonly LabelMatch[], perp: CheckUnit): boolean {
  for (const l of victimLabels) if (l.perpetrators.has(perp.ing)) return true;
  return false;
}

/** Folds a pathway candidate into the pair's rule or pathway finding: its citations and its `pk-` risk tags (never its severity, which is not worse). */
function absorb(draft: FindingDraft, c: Candidate): void {
  FindingBuilder.fold(draft, c.sourceId, c.severity, citationsOf(c));
  for (const t of c.risks) if (!draft.risks.includes(t)) draft.risks = [...draft.risks, t];
}

/** Ingredients of each multi-ingredient entry (group), for `sameProduct`. */
function groupIngredients(units: readonly CheckUnit[]): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  for (const u of units) {
    const set = out.get(u.group);
    if (set) set.add(u.ing);
    else out.set(u.group, new Set([u.ing]));
  }
  return out;
}

/** True when one of the two units' own entry already contains both ingredients (a product combining them by design). */
function sameProduct(groups: ReadonlyMap<number, ReadonlySet<number>>, u: CheckUnit, v: CheckUnit): boolean {
  return groups.get(u.group)!.has(v.ing) || groups.get(v.group)!.has(u.ing);
}

/** True when two units share an ingredient (e.g. a combination product next to one of its components). */
function repeatsIngredient(units: readonly CheckUnit[]): boolean {
  for (let x = 1; x < units.length; x++) for (let y = 0; y < x; y++) if (units[x].ing === units[y].ing) return true;
  return false;
}

/** Key of a candidate's finding: a pathway rule per direction, a pair or class rule per unordered ingredient pair. */
function candidateKey(c: Candidate, u: CheckUnit, v: CheckUnit): string {
  const id = sourceOf(c).id;
  return c.layer === 3 ? `${id}|${c.perpetrator!.ingredient.id}>${c.victim!.ingredient.id}` : draftKey(id, u, v);
}

/** Key of a layer-1/2 finding: the rule on an unordered ingredient pair (merges the same pair from other inputs). */
function draftKey(ruleId: string, u: CheckUnit, v: CheckUnit): string {
  return u.ingredient.id < v.ingredient.id ? `${ruleId}|${u.ingredient.id}|${v.ingredient.id}` : `${ruleId}|${v.ingredient.id}|${u.ingredient.id}`;
}

/** True when the rule does not apply at the site where either unit is used (`notAt`). */
function excludedAt(rule: KbRule, u: CheckUnit, v: CheckUnit): boolean {
  return rule.notAt !== undefined && ((u.site !== undefined && rule.notAt.includes(u.site)) || (v.site !== undefined && rule.notAt.includes(v.site)));
}

/** True when the unit is a member of the rule side for this check: at a non-systemic site, not of a class that counts it only when used systemically. */
function sideHas(kb: KnowledgeBase, side: KbRule['a'], u: CheckUnit): boolean {
  if ('ingredient' in side) return side.ingredient === u.ingredient.id;
  if (u.site !== undefined && kb.isLeftOutAt(side.class, u.ing, u.site)) return false;
  return kb.classesAt(u.ing).some((c) => c.id === side.class);
}
