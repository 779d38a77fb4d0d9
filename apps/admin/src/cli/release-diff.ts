import type { Severity } from '@vigil/contracts';
import type { KnowledgeBase } from '@vigil/engine';

/** A rule as a diff lists it. */
export interface DiffRule {
  /** `source:rule` (an imported rule id that already names its source is not prefixed twice). */
  rule: string;
  severity: Severity;
  /** `warfarin × ibuprofen`, or a class (`[nsaids]`). */
  between: string;
}

export interface ReleaseDiff {
  added: DiffRule[];
  removed: DiffRule[];
  changedSeverity: (Omit<DiffRule, 'severity'> & { from: Severity; to: Severity })[];
}

const SEVERITY_ORDER: Record<Severity, number> = { contraindicated: 0, major: 1, moderate: 2, minor: 3, unknown: 4 };

/** The rule's key across releases: imported ids already carry their source (`ddinter:abacavir--cobicistat`). */
export function ruleKey(rule: { id: string; sourceId: string }): string {
  return rule.id.startsWith(`${rule.sourceId}:`) ? rule.id : `${rule.sourceId}:${rule.id}`;
}

/** Rules added, removed and changed in severity from `a` to `b`, each list most severe first. */
export function diffReleases(a: KnowledgeBase, b: KnowledgeBase): ReleaseDiff {
  const index = (k: KnowledgeBase) =>
    new Map<string, DiffRule>(
      k.rules.map((r) => {
        const side = (s: (typeof r)['a']) => ('ingredient' in s ? s.ingredient : `[${s.class}]`);
        return [ruleKey(r), { rule: ruleKey(r), severity: r.severity, between: `${side(r.a)} × ${side(r.b)}` }];
      }),
    );
  const [ia, ib] = [index(a), index(b)];
  const bySeverity = (x: { severity?: Severity; to?: Severity; rule: string }, y: { severity?: Severity; to?: Severity; rule: string }) =>
    SEVERITY_ORDER[(x.severity ?? x.to)!] - SEVERITY_ORDER[(y.severity ?? y.to)!] || (x.rule < y.rule ? -1 : x.rule > y.rule ? 1 : 0);
  return {
    added: [...ib.values()].filter((r) => !ia.has(r.rule)).sort(bySeverity),
    removed: [...ia.values()].filter((r) => !ib.has(r.rule)).sort(bySeverity),
    changedSeverity: [...ib.values()]
      .filter((r) => ia.has(r.rule) && ia.get(r.rule)!.severity !== r.severity)
      .map((r) => ({ rule: r.rule, between: r.between, from: ia.get(r.rule)!.severity, to: r.severity }))
      .sort(bySeverity),
  };
}

/** The diff in words: counts, then the first `limit` of each list (most severe first) and how many more. */
export function describeDiff(from: string, to: string, diff: ReleaseDiff, limit: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const section = <T>(title: string, items: T[], line: (t: T) => string) => {
    if (items.length === 0) return [`${title}: none`];
    const shown = items.slice(0, limit);
    return [
      `${title} (${items.length > shown.length ? `first ${shown.length} of ${n(items.length)}` : n(items.length)}):`,
      ...shown.map(line),
      ...(items.length > shown.length ? [`  … and ${n(items.length - shown.length)} more`] : []),
    ];
  };
  return [
    `${from} → ${to}: ${n(diff.added.length)} rules added, ${n(diff.removed.length)} removed, ${n(diff.changedSeverity.length)} changed severity`,
    ...section('added', diff.added, (r) => `  + ${r.rule}  ${r.severity}  ${r.between}`),
    ...section('removed', diff.removed, (r) => `  - ${r.rule}  ${r.severity}  ${r.between}`),
    ...section('severity changed', diff.changedSeverity, (c) => `  ~ ${c.rule}  ${c.from} → ${c.to}  ${c.between}`),
  ].join('\n');
}
