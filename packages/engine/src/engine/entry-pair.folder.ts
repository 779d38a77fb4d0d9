import { severityRank } from '../model/kb-vocabulary';
import type { CheckUnit, FindingDraft } from './check-unit.model';
import { FindingBuilder } from './finding.builder';

/**
 * One finding per pair of list entries and mechanism (issue #11, item 5), across the ingredients of a combination
 * product. The pair layer decides each INGREDIENT pair; a product with two ingredients that share a partner's
 * interaction (Harvoni's ledipasvir and sofosbuvir with amiodarone, Epclusa's velpatasvir and sofosbuvir with
 * rifampin) would otherwise report the same clinical effect twice for the same two entries.
 *
 * Two findings are folded when they span exactly the same two entries, come from different ingredient pairs, and
 * share a clinical risk tag (not a `pk-` pathway tag: two ingredients cleared by one enzyme can still do different
 * harm, as Caduet's atorvastatin (myopathy) and amlodipine (hypotension) with clarithromycin do), or are the same
 * rule or label statement reading the same for both (`sameStatement`). The worse finding
 * (then the more specific layer, then the first built) keeps its text; the other's participants, sources, per-source
 * severities, citations and risk tags are added to it. Nothing is folded when no entry has two ingredients.
 */
export class EntryPairFolder {
  fold(drafts: FindingDraft[], units: readonly CheckUnit[]): FindingDraft[] {
    if (!hasCombinationEntry(units)) return drafts;
    const byEntries = new Map<string, FindingDraft[]>();
    for (const d of drafts) {
      const key = entryPairKey(d);
      if (key === undefined) continue;
      const list = byEntries.get(key);
      if (list) list.push(d);
      else byEntries.set(key, [d]);
    }
    const folded = new Set<FindingDraft>();
    for (const list of byEntries.values()) {
      if (list.length < 2) continue;
      const ordered = list.map((d, i) => ({ d, i })).sort((x, y) => severityRank(x.d.severity) - severityRank(y.d.severity) || x.d.layer - y.d.layer || x.i - y.i);
      const kept: FindingDraft[] = [];
      for (const { d } of ordered) {
        const host = kept.find((k) => (sharesClinicalRisk(k, d) || sameStatement(k, d)) && !sameIngredients(k, d));
        if (host) {
          FindingBuilder.absorbFinding(host, d);
          folded.add(d);
        } else kept.push(d);
      }
    }
    return folded.size === 0 ? drafts : drafts.filter((d) => !folded.has(d));
  }
}

function hasCombinationEntry(units: readonly CheckUnit[]): boolean {
  const groups = new Set<number>();
  for (const u of units) {
    if (groups.has(u.group)) return true;
    groups.add(u.group);
  }
  return false;
}

/** `i|j` for a finding whose participants come from exactly two entries, else undefined. */
function entryPairKey(d: FindingDraft): string | undefined {
  let a = -1;
  let b = -1;
  for (const p of d.participants) {
    if (a === -1 || p.index === a) a = p.index;
    else if (b === -1 || p.index === b) b = p.index;
    else return undefined;
  }
  if (b === -1) return undefined;
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

function sharesClinicalRisk(x: FindingDraft, y: FindingDraft): boolean {
  return x.risks.some((t) => !t.startsWith('pk-') && y.risks.includes(t));
}

const PLACEHOLDER_RE = /\{(\w+)\}/g;

/**
 * The same rule or label statement, reading the same for both: Trikafta's elexacaftor, tezacaftor and ivacaftor each
 * match ivacaftor's CYP3A statements, whose text names no victim. A generic template that names its victim
 * ("{victim} exposure rises") is not the same statement for two victims.
 */
function sameStatement(x: FindingDraft, y: FindingDraft): boolean {
  if (x.ruleId !== y.ruleId) return false;
  for (const text of [x.summary, x.consequence, x.mechanism, x.management]) {
    if (!text) continue;
    for (const m of text.matchAll(PLACEHOLDER_RE)) if (x.placeholders[m[1]] !== y.placeholders[m[1]]) return false;
  }
  return true;
}

function sameIngredients(x: FindingDraft, y: FindingDraft): boolean {
  const ids = (d: FindingDraft) =>
    d.participants
      .map((p) => `${p.index}:${p.ingredientId}`)
      .sort()
      .join(',');
  return ids(x) === ids(y);
}
