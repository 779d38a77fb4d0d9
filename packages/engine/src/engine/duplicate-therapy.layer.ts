import type { Severity } from '@vigil/contracts';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { KbClass } from '../model/compiled-kb.model';
import { CURATED_SOURCE_ID, severityRank } from '../model/kb-vocabulary';
import type { CheckUnit, FindingDraft } from './check-unit.model';
import { FindingBuilder } from './finding.builder';
import type { RuleFinding } from './pairwise.layer';

/** Rule id of the built-in "same ingredient entered more than once" check. */
export const DUPLICATE_INGREDIENT_RULE_ID = 'duplicate:ingredient';
/** Rule id of the same check when the entries hold one active drug as different ingredients (a prodrug and its drug). */
export const DUPLICATE_ACTIVE_DRUG_RULE_ID = 'duplicate:active-drug';

/**
 * Layer 4. The same ingredient in two inputs (brand + generic, two products sharing acetaminophen) is always
 * reported, never dropped; two different members of a class with `duplicateTherapy: true` are reported once per
 * class (a larger class with exactly the same participants as a smaller one is left out). A class duplicate of
 * exactly two ingredients that a pair or class rule already reports at least as severely is folded into that
 * finding (its participants, class citation and `duplicate-therapy` tag): one finding per pair. So is a class
 * duplicate whose every entry holds the drug a same-drug finding reports (Adderall + Dexedrine, Adderall + Vyvanse).
 */
export class DuplicateTherapyLayer {
  constructor(
    private readonly kb: KnowledgeBase,
    private readonly duplicateIngredientSeverity: Severity,
  ) {}

  /** `ruleFindingOn`: the layer-1/2 finding of an ingredient pair (`PairwiseLayer.ruleFindingOn`), if any. */
  run(units: readonly CheckUnit[], ruleFindingOn?: (i: number, j: number) => RuleFinding | undefined): FindingDraft[] {
    const out: FindingDraft[] = [];
    // By active drug: a prodrug beside the drug it becomes (fosphenytoin and phenytoin) is the same drug twice.
    const byIngredient = new Map<number, CheckUnit[]>();
    for (const u of units) {
      const drug = this.kb.activeDrugAt(u.ing);
      const list = byIngredient.get(drug);
      if (list) list.push(u);
      else byIngredient.set(drug, [u]);
    }
    // Ingredients repeated across the same inputs (Tazocin + Zosyn: piperacillin and tazobactam) make one finding.
    const byInputs = new Map<string, CheckUnit[]>();
    for (const list of byIngredient.values()) {
      if (list.length < 2) continue;
      const indexes = [...new Set(list.map((u) => u.index))].sort((a, b) => a - b);
      if (indexes.length < 2) continue;
      const key = indexes.join(',');
      byInputs.set(key, [...(byInputs.get(key) ?? []), ...list]);
    }
    // Each same-drug finding with the entries it spans: a class duplicate within those entries is the same finding.
    const sameDrug: { drugs: Set<number>; entries: Set<number>; draft: FindingDraft }[] = [];
    for (const list of byInputs.values()) {
      const draft = this.ingredientDraft(list);
      out.push(draft);
      sameDrug.push({ drugs: new Set(list.map((u) => this.kb.activeDrugAt(u.ing))), entries: new Set(list.map((u) => u.index)), draft });
    }

    const byClass = new Map<string, { cls: KbClass; units: CheckUnit[] }>();
    for (const u of units) {
      for (const cls of this.kb.duplicateClassesAt(u.ing)) {
        // Used at a non-systemic site, a member the class leaves out there (systemic-only, or `notAt`) is not a member here.
        if (u.site !== undefined && this.kb.isLeftOutAt(cls.id, u.ing, u.site)) continue;
        const entry = byClass.get(cls.id) ?? { cls, units: [] };
        entry.units.push(u);
        byClass.set(cls.id, entry);
      }
    }
    const seen = new Set<string>();
    // A class with one unit cannot make a finding: only the others are ordered and checked.
    const ordered = [...byClass.values()].filter((e) => e.units.length > 1).sort((a, b) => a.cls.members.length - b.cls.members.length || a.cls.id.localeCompare(b.cls.id));
    for (const { cls, units: members } of ordered) {
      const ings = [...new Set(members.map((u) => u.ing))];
      // One active drug (a prodrug and the drug it becomes) is the duplicate-ingredient finding's, not the class's.
      if (new Set(ings.map((i) => this.kb.activeDrugAt(i))).size < 2 || new Set(members.map((u) => u.group)).size < 2) continue;
      const key = members
        .map((u) => `${u.index}:${u.ing}`)
        .sort()
        .join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      const host = ings.length === 2 ? ruleFindingOn?.(ings[0], ings[1]) : undefined;
      if (host && severityRank(host.severity) <= severityRank(cls.severityForDuplicate)) {
        if (host.draft) this.absorb(host.draft, cls, members);
        continue;
      }
      // Every entry of the class duplicate holds, as a member of this class, a drug a same-drug finding reports
      // (Adderall + Vyvanse: dextroamphetamine in both; amphetamine is Adderall's own partner, not a third drug): that
      // finding reports it. Vicodin + Percocet share acetaminophen, not an opioid: the opioid duplicate stays.
      const same = sameDrug.find(
        (d) =>
          severityRank(d.draft.severity) <= severityRank(cls.severityForDuplicate) &&
          members.every((u) => d.entries.has(u.index) && members.some((m) => m.index === u.index && d.drugs.has(this.kb.activeDrugAt(m.ing)))),
      );
      if (same) {
        this.absorb(same.draft, cls, members);
        continue;
      }
      out.push(this.classDraft(cls, members));
    }
    return out;
  }

  /** Folds a class duplicate into the pair's rule finding: participants, the class citation, the tag. */
  private absorb(draft: FindingDraft, cls: KbClass, members: readonly CheckUnit[]): void {
    FindingBuilder.addParticipants(
      draft,
      members.map((u) => FindingBuilder.participant(u)),
    );
    FindingBuilder.fold(draft, cls.sourceId, cls.severityForDuplicate, [{ source: cls.sourceId, title: `Vigil class definition: ${cls.name}` }]);
    if (!draft.risks.includes('duplicate-therapy')) draft.risks = [...draft.risks, 'duplicate-therapy'];
  }

  private ingredientDraft(list: CheckUnit[]): FindingDraft {
    const names = [...new Set(list.map((u) => u.ingredient.name))];
    const name = names.join(' and ');
    const source = this.kb.sources.some((s) => s.id === CURATED_SOURCE_ID) ? CURATED_SOURCE_ID : 'vigil-engine';
    // Different ingredients of one active drug (a prodrug and the drug it becomes) are named with that drug.
    const conversions: string[] = [];
    const parts: string[] = [];
    const activeNames: string[] = [];
    for (const drug of new Set(list.map((u) => this.kb.activeDrugAt(u.ing)))) {
      const active = this.kb.ingredientAt(drug).name;
      activeNames.push(active);
      const own = [...new Set(list.filter((u) => this.kb.activeDrugAt(u.ing) === drug).map((u) => u.ingredient.name))];
      if (own.length === 1) {
        parts.push(own[0]);
        continue;
      }
      parts.push(`${own.join(' and ')} (one active drug, ${active})`);
      conversions.push(`${own.filter((n) => n !== active).join(' and ')} to ${active}`);
    }
    return {
      ruleId: conversions.length > 0 ? DUPLICATE_ACTIVE_DRUG_RULE_ID : DUPLICATE_INGREDIENT_RULE_ID,
      kind: 'duplicate-therapy',
      layer: 4,
      severity: this.duplicateIngredientSeverity,
      severityBySource: FindingBuilder.severityBySource(source, this.duplicateIngredientSeverity),
      sources: [source],
      participants: list.map((u) => FindingBuilder.participant(u)),
      summary: `${parts.join(', ')} ${names.length > 1 ? 'appear' : 'appears'} in more than one entry of the list.`,
      consequence: `Taking ${name} from two entries (for example a brand and a generic, or two products that both contain it) can add up to an overdose.`,
      mechanism:
        conversions.length > 0
          ? `The same active drug is listed more than once, as the drug itself or as a prodrug the body converts (${conversions.join('; ')}), so the doses add up.`
          : 'The same active ingredient is listed more than once, so the doses add up.',
      management:
        conversions.length > 0
          ? `Confirm that both entries are intended (for example a switch in progress); otherwise stop one of them, since ${activeNames.join(' and ')} would be given twice and a prodrug's dose is not the same number of milligrams as the drug's.`
          : `Confirm that both entries are intended; usually one of them should be stopped, or the total daily dose of ${name} checked against its maximum.`,
      evidenceLevel: 'established',
      citations: source === CURATED_SOURCE_ID ? [{ source, title: 'Vigil duplicate-ingredient check', sources: [source] }] : [],
      risks: ['duplicate-ingredient'],
      placeholders: { drugs: names.join(', ') },
    };
  }

  private classDraft(cls: KbClass, members: CheckUnit[]): FindingDraft {
    const names = [...new Set(members.map((u) => u.ingredient.name))];
    const source = cls.sourceId;
    return {
      ruleId: `duplicate:${cls.id}`,
      kind: 'duplicate-therapy',
      layer: 4,
      severity: cls.severityForDuplicate,
      severityBySource: FindingBuilder.severityBySource(source, cls.severityForDuplicate),
      sources: [source],
      participants: members.map((u) => FindingBuilder.participant(u)),
      summary: `Several ${displayClassName(cls.name)} together: ${names.join(', ')}.`,
      consequence: `Two or more drugs of the same class (${cls.name}) add their effects and side effects, usually without added benefit.`,
      mechanism: `${names.join(', ')} belong to the same therapeutic class and act the same way.`,
      management: 'Check whether the combination is intended (for example a switch in progress); otherwise keep one of them.',
      evidenceLevel: 'established',
      citations: [{ source, title: `Vigil class definition: ${cls.name}`, sources: [source] }],
      risks: ['duplicate-therapy'],
      placeholders: { drugs: names.join(', '), class: cls.name, count: String(names.length) },
    };
  }
}

/**
 * A class name inside a sentence: the first letter lower-cased when it is an ordinary capitalised word
 * ("Anticoagulants" → "anticoagulants"), everything else as written, so acronyms and proper case survive
 * ("HMG-CoA reductase inhibitors (statins)", "ACE inhibitors", "NSAIDs", "SSRIs").
 */
export function displayClassName(name: string): string {
  return /^[A-Z][a-z]/.test(name) && !/^[A-Z][a-z]*[A-Z]/.test(name.split(/[\s-]/)[0]) ? name[0].toLowerCase() + name.slice(1) : name;
}
