import type { Severity } from '@vigil/contracts';
import { severityRank } from '../model/kb-vocabulary';

/** A therapeutic class as the sibling check sees it: its members that are in scope (e.g. top-300 drugs). */
export interface SiblingClass {
  id: string;
  name: string;
  members: readonly string[];
}

/** What the checker said about one member with one partner. */
export interface SiblingVerdict {
  /** Worst severity between the two; null when no finding. */
  severity: Severity | null;
  /** Notes (`siblingNote`) of the rules behind the findings between the two. */
  notes: readonly string[];
  /**
   * True when every finding at the worst severity comes from the member's own cited properties (its enzyme roles
   * through a pathway rule, its risk domains through an additive-risk finding), not from a rule naming the pair.
   */
  fromProperties?: boolean;
}

/** Members of one class that get different answers for one partner. */
export interface SiblingDifference {
  classId: string;
  className: string;
  partner: string;
  /** Member → its worst severity at or above the floor (null below it). */
  bySeverity: Record<string, Severity | null>;
  /**
   * True when a rule behind one of the members' findings explains why members differ (`siblingNote`), or when the
   * members at the worst severity get it only from their own cited properties (enzyme roles, risk domains).
   */
  explained: boolean;
  notes: string[];
}

/**
 * Class consistency: for every partner, the members of one therapeutic class should get the same worst severity,
 * counted from `floor` up (below it, minor and "no finding" are the same answer). A difference is explained when a
 * rule behind one of the members' findings carries a note saying why that member differs, or when the members at
 * the worst severity get it only from their own properties (a CYP role cited from the FDA table, a QT risk cited
 * from the label), which say for each member why it differs.
 */
export class SiblingCheck {
  constructor(
    private readonly judge: (member: string, partner: string) => SiblingVerdict,
    private readonly floor: Severity = 'moderate',
  ) {}

  run(classes: readonly SiblingClass[], partners: readonly string[]): SiblingDifference[] {
    const out: SiblingDifference[] = [];
    for (const c of classes) {
      if (c.members.length < 2) continue;
      const inClass = new Set(c.members);
      for (const p of partners) {
        if (inClass.has(p)) continue;
        const bySeverity: Record<string, Severity | null> = {};
        const notes = new Set<string>();
        const seen = new Set<string>();
        let worst = Number.POSITIVE_INFINITY;
        const verdicts: [Severity | null, SiblingVerdict][] = [];
        for (const m of c.members) {
          const v = this.judge(m, p);
          const s = v.severity !== null && severityRank(v.severity) <= severityRank(this.floor) ? v.severity : null;
          bySeverity[m] = s;
          seen.add(s ?? '-');
          if (s !== null) worst = Math.min(worst, severityRank(s));
          verdicts.push([s, v]);
          for (const n of v.notes) notes.add(n);
        }
        if (seen.size < 2) continue;
        const byProperties = verdicts.every(([s, v]) => s === null || severityRank(s) !== worst || v.fromProperties === true);
        out.push({ classId: c.id, className: c.name, partner: p, bySeverity, explained: notes.size > 0 || byProperties, notes: [...notes] });
      }
    }
    return out;
  }
}
