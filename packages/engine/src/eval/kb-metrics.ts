import type { Severity } from '@vigil/contracts';
import { severityRank } from '../model/kb-vocabulary';

/** One pair of drug names from a reference list. */
export interface PairCase {
  a: string;
  b: string;
}

/** What the checker said about one pair. */
export interface PairVerdict {
  /** Names of the pair that did not resolve (empty when both did). */
  unresolved: string[];
  /** True when both names resolved to the same ingredient set (the pair cannot be judged). */
  sameDrug?: boolean;
  /**
   * True when a drug of the pair resolved to an ingredient the knowledge base knows only by name: the check then says
   * its interactions were not reviewed (incomplete), which is neither a finding nor a silent miss.
   */
  unreviewed?: boolean;
  /** Worst severity of the findings between the two drugs; null when none. */
  severity: Severity | null;
}

export interface PairOutcome extends PairCase, PairVerdict {
  flagged: boolean;
}

export interface PairMetric {
  /** Distinct pairs in the list. */
  total: number;
  /** Pairs whose two names resolved to different drugs that the knowledge base has reviewed. */
  resolvable: number;
  /** Pairs with a names-only drug: answered "not reviewed", so counted neither as flagged nor as missed. */
  unreviewed: number;
  /** Resolvable pairs flagged at or above the threshold. */
  flagged: number;
  /** flagged / resolvable (0 when nothing is resolvable). */
  share: number;
  /** Resolvable pairs not flagged at the threshold, with the severity that was found (if any). */
  missed: PairOutcome[];
  /** Unresolved names and how many pairs each blocked. */
  unresolvedNames: Map<string, number>;
}

export interface CoverageMetric {
  total: number;
  resolved: number;
  share: number;
  unresolved: string[];
}

/** Case- and whitespace-insensitive key of a drug name from a reference list. */
export function nameKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Distinct unordered pairs (A–B = B–A, case-insensitive), self-pairs dropped, first spelling kept. */
export function distinctPairs(cases: Iterable<PairCase>): PairCase[] {
  const seen = new Set<string>();
  const out: PairCase[] = [];
  for (const c of cases) {
    const a = nameKey(c.a);
    const b = nameKey(c.b);
    if (!a || !b || a === b) continue;
    const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ a: c.a.trim(), b: c.b.trim() });
  }
  return out;
}

/** Smallest rise in exposure (AUC, percent) that makes a clinical PK study count: five-fold, the FDA's "strong". */
export const PK_STUDY_MIN_AUC_RISE_PCT = 400;

/**
 * The pairs of the FDA/UW organ-impairment DDI table (`fda_oi_didb_2015_substrates.csv`: each drug's largest observed
 * interaction) whose AUC rose at least five-fold with one named precipitant. Combinations of precipitants ("indinavir
 * and ritonavir") and rows without a numeric change are left out; source suffixes on names ("elvitegravir
 * (GS-9137)", "casopitant-not approved in USA", "rifampin SD") are trimmed.
 */
export function pkStudyPairs(rows: readonly Record<string, string>[]): PairCase[] {
  const clean = (n: string) =>
    n
      .replace(/\s*\([^)]*\)\s*/g, ' ')
      .replace(/-not approved.*$/i, '')
      .replace(/\s+(?:SD|MD|single dose|multiple dose)$/i, '')
      .trim();
  const out: PairCase[] = [];
  for (const r of rows) {
    const rise = Number.parseFloat(r.max_ddi_delta_auc_pct ?? '');
    const precipitant = (r.max_ddi_inhibitor ?? '').trim();
    if (!(rise >= PK_STUDY_MIN_AUC_RISE_PCT) || precipitant === '' || /\band\b|[,/+&]/i.test(precipitant)) continue;
    out.push({ a: clean(r.name ?? ''), b: clean(precipitant) });
  }
  return distinctPairs(out);
}

/** Every object × precipitant pair within each group of a "groups" file (rows without a drug are skipped). */
export function expandGroups(rows: readonly { group: string; role: string; drug: string }[]): PairCase[] {
  const groups = new Map<string, { objects: string[]; precipitants: string[] }>();
  for (const r of rows) {
    if (!r.drug.trim()) continue;
    const g = groups.get(r.group) ?? { objects: [], precipitants: [] };
    (r.role.trim().toLowerCase() === 'object' ? g.objects : g.precipitants).push(r.drug.trim());
    groups.set(r.group, g);
  }
  const out: PairCase[] = [];
  for (const g of groups.values()) for (const a of g.objects) for (const b of g.precipitants) out.push({ a, b });
  return distinctPairs(out);
}

/** True when a severity is at least as bad as the threshold. */
export function atLeast(severity: Severity | null, threshold: Severity): boolean {
  return severity !== null && severityRank(severity) <= severityRank(threshold);
}

/** Share of resolvable pairs flagged at or above `threshold`, with the misses and the names that blocked pairs. */
export function pairMetric(cases: readonly PairCase[], judge: (c: PairCase) => PairVerdict, threshold: Severity): PairMetric {
  let resolvable = 0;
  let unreviewed = 0;
  let flagged = 0;
  const missed: PairOutcome[] = [];
  const unresolvedNames = new Map<string, number>();
  for (const c of cases) {
    const v = judge(c);
    if (v.unresolved.length > 0) {
      for (const n of v.unresolved) unresolvedNames.set(n, (unresolvedNames.get(n) ?? 0) + 1);
      continue;
    }
    if (v.sameDrug) continue;
    if (v.unreviewed) {
      unreviewed++;
      continue;
    }
    resolvable++;
    const hit = atLeast(v.severity, threshold);
    if (hit) flagged++;
    else missed.push({ ...c, ...v, flagged: false });
  }
  return { total: cases.length, resolvable, unreviewed, flagged, share: resolvable === 0 ? 0 : flagged / resolvable, missed, unresolvedNames };
}

/** A list's pairs split by whether one drug of the pair is no longer marketed in the US (reported, no target). */
export interface SetAsideSplit {
  /** Pairs of the list (distinct) that involve such a drug. */
  pairs: number;
  /** Misses of the full-list metric that involve such a drug. */
  missed: number;
  /** The same metric on the list without those pairs. */
  rest: PairMetric;
}

/**
 * Splits a list on `involves` (e.g. "a drug of the pair is no longer marketed in the US") WITHOUT touching the full
 * metric: the full row keeps its target and denominator; this only reports how many of its misses involve such drugs
 * and the share flagged when their pairs are set aside.
 */
export function setAsideSplit(
  cases: readonly PairCase[],
  full: PairMetric,
  judge: (c: PairCase) => PairVerdict,
  threshold: Severity,
  involves: (c: PairCase) => boolean,
): SetAsideSplit {
  const kept: PairCase[] = [];
  let pairs = 0;
  for (const c of cases) {
    if (involves(c)) pairs++;
    else kept.push(c);
  }
  return { pairs, missed: full.missed.filter((m) => involves(m)).length, rest: pairMetric(kept, judge, threshold) };
}

/** Share of distinct names (case-insensitive) that resolve. */
export function coverageMetric(names: Iterable<string>, resolves: (name: string) => boolean): CoverageMetric {
  const distinct = new Map<string, string>();
  for (const n of names) {
    const k = nameKey(n);
    if (k && !distinct.has(k)) distinct.set(k, n.trim());
  }
  const unresolved: string[] = [];
  for (const n of distinct.values()) if (!resolves(n)) unresolved.push(n);
  const total = distinct.size;
  return { total, resolved: total - unresolved.length, share: total === 0 ? 0 : (total - unresolved.length) / total, unresolved: unresolved.sort() };
}

/** Adds the counts of `b` into `a`. */
export function mergeCounts(a: Map<string, number>, b: ReadonlyMap<string, number>): Map<string, number> {
  for (const [k, v] of b) a.set(k, (a.get(k) ?? 0) + v);
  return a;
}

/** The `n` largest counts, ties by name. */
export function topCounts(counts: ReadonlyMap<string, number>, n: number): [string, number][] {
  return [...counts].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).slice(0, n);
}

/** "93.4%" */
export function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** Whether a share meets a target: `{ atLeast: 0.95 }` or `{ atMost: 0.1 }`. */
export function meetsTarget(share: number, target: { atLeast?: number; atMost?: number }): boolean {
  if (target.atLeast !== undefined && share < target.atLeast) return false;
  if (target.atMost !== undefined && share > target.atMost) return false;
  return true;
}

/** Left-aligned text table. */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Unordered pair key of two names (case-insensitive): `a\0b` with a < b. */
export function pairKeyOf(a: string, b: string): string {
  const x = nameKey(a);
  const y = nameKey(b);
  return x < y ? `${x}\u0000${y}` : `${y}\u0000${x}`;
}

/** Deterministic 32-bit generator (mulberry32): the same seed gives the same sample on every machine. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `n` distinct unordered pairs of different names drawn with a fixed seed, skipping pairs whose key is in
 * `exclude` (e.g. every pair any reference list names) and pairs `accept` rejects (e.g. unresolvable).
 */
export function samplePairs(names: readonly string[], n: number, seed: number, exclude: ReadonlySet<string>, accept: (c: PairCase) => boolean = () => true): PairCase[] {
  const distinct = [...new Map(names.map((x) => [nameKey(x), x.trim()])).values()].filter((x) => x !== '');
  const rand = seededRandom(seed);
  const seen = new Set<string>();
  const out: PairCase[] = [];
  const maxTries = n * 200;
  for (let tries = 0; out.length < n && tries < maxTries && distinct.length > 1; tries++) {
    const a = distinct[Math.floor(rand() * distinct.length)];
    const b = distinct[Math.floor(rand() * distinct.length)];
    if (a === b) continue;
    const key = pairKeyOf(a, b);
    if (seen.has(key) || exclude.has(key)) continue;
    seen.add(key);
    if (accept({ a, b })) out.push({ a, b });
  }
  return out;
}
