import type { DrugCoverage, UsMarketStatusInfo } from '@vigil/contracts';
import type { IngredientDescription, KnowledgeBase } from '../kb/knowledge-base';
import { NAME_KIND_PRIORITY, type NameEntry, type NameKind } from '../resolver/name.index';
import { ABBREVIATIONS, BRAND_CHANGES, FAMILY_NAMES, LOOK_ALIKE_GROUPS } from '../resolver/name-safety.table';
import { boundedPrefixDistance } from '../text/string-distance';
import { compactKey, foldText, stripLevel1, stripLevel2, stripSig, stripUnitStrengths, words } from '../text/name.normalizer';

export type SearchMatch = 'exact' | 'prefix' | 'word-prefix' | 'fuzzy';

export interface DrugSearchHit {
  /** Ingredient id, or the product id for a combination product. */
  id: string;
  /** Set for single-ingredient hits. */
  ingredientId?: string;
  ingredientIds: string[];
  /** The ingredients, with their generic names (one for a single-ingredient drug). */
  ingredients: { id: string; name: string }[];
  /** Generic name (ingredient) or product name. */
  name: string;
  /** The name that matched the query, as written in the knowledge base. */
  matched: string;
  /** What the matched name is: generic, brand, synonym, salt, or product (combination brand). */
  kind: NameKind;
  match: SearchMatch;
  /** 0–1, for display; the order of the list is the ranking. */
  score: number;
  /** `names-only` when an ingredient is known by name only: a check with it says "not reviewed", not "no interactions". */
  coverage: DrugCoverage;
  /** Present when an ingredient is no longer marketed in the US (withdrawn or discontinued). */
  usMarket?: UsMarketStatusInfo[];
}

export interface DrugSearchOptions {
  /** Default 10, at most 50. */
  limit?: number;
  /** Default true: fall back to spelling-tolerant prefix matching when few names start with the query. */
  fuzzy?: boolean;
}

interface Keyed {
  key: string;
  entry: NameEntry;
  /** Position of the word the key starts at (0 = start of the name). */
  word: number;
}

interface Candidate {
  k: Keyed;
  match: SearchMatch;
  distance: number;
  /** A commonly prescribed drug (every ingredient `common`). */
  common: boolean;
  /** Rules that apply to it (most of its ingredients'): the tie-breaker among equally common drugs. */
  weight: number;
  /** Which form of the query matched: 0 as typed, then with strengths and dose forms removed. */
  variant: number;
}

const MATCH_TIER: Readonly<Record<SearchMatch, number>> = { exact: 0, prefix: 1, 'word-prefix': 2, fuzzy: 3 };

/**
 * Autocomplete over generic names, synonyms, salts, brands and combination products: exact > prefix > prefix of an
 * inner word ("glargine" → insulin glargine) > spelling-tolerant prefix; within a tier commonly prescribed drugs
 * first, then generics and shorter names; one hit per drug. Strength, dose-form and sig text is ignored as the
 * resolver ignores it ("warfarin 5 mg" finds warfarin).
 */
export class DrugSearchIndex {
  private readonly sorted: Keyed[];
  private readonly byFirstChar = new Map<string, Keyed[]>();
  /** Look-alike name key → the keys of the names it is confused with. */
  private readonly lookAlikes = new Map<string, string[]>();
  /** Target key → commonness and rule weight, computed once per drug. */
  private readonly targetRank = new Map<string, { common: boolean; weight: number }>();

  constructor(private readonly kb: KnowledgeBase) {
    for (const group of LOOK_ALIKE_GROUPS) {
      const keys = group.map((n) => compactKey(n));
      for (const k of keys) this.lookAlikes.set(k, [...(this.lookAlikes.get(k) ?? []), ...keys.filter((o) => o !== k)]);
    }
    const keyed: Keyed[] = [];
    for (const entry of kb.names.entries) {
      keyed.push({ key: entry.key, entry, word: 0 });
      const ws = words(foldText(entry.name));
      for (let w = 1; w < ws.length; w++) {
        const key = ws.slice(w).join('');
        if (key.length >= 3) keyed.push({ key, entry, word: w });
      }
    }
    this.sorted = keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const k of this.sorted) {
      if (k.word !== 0) continue;
      const c = k.key[0];
      const list = this.byFirstChar.get(c) ?? [];
      list.push(k);
      this.byFirstChar.set(c, list);
    }
  }

  /** Ingredient, synonyms, brands, classes, products and rule counts; undefined for an unknown id. */
  describeIngredient(id: string): IngredientDescription | undefined {
    return this.kb.describeIngredient(id);
  }

  search(query: string, options: DrugSearchOptions = {}): DrugSearchHit[] {
    const limit = Math.max(1, Math.min(options.limit ?? 10, 50));
    const q = compactKey(query);
    if (q.length === 0) return [];
    // The query as typed, then without strengths that carry a unit, then without any strength, dose form or route
    // ("Ibuprofen 400 MG Oral Tablet" → ibuprofen); a bare number stays in the first two ("Mag-Ox 400").
    const folded = stripSig(foldText(query));
    const keys = [...new Set([q, words(stripUnitStrengths(folded)).join(''), stripLevel1(folded).join(''), stripLevel2(folded).join('')])].filter((k) => k.length > 0);
    const best = new Map<string, Candidate>();
    const offer = (k: Keyed, match: SearchMatch, distance: number, variant = 0) => {
      const candidate = { k, match, distance, variant, ...this.rankOf(k.entry.target) };
      const prev = best.get(k.entry.target.key);
      if (!prev || compareHit(candidate, prev) < 0) best.set(k.entry.target.key, candidate);
    };
    // The resolver's name facts: a changed brand lists its current and historic ingredients, an abbreviation its
    // drug, a family name its members (as the resolver suggests them), ahead of look-alike spellings.
    const change = Object.hasOwn(BRAND_CHANGES, q) ? BRAND_CHANGES[q] : undefined;
    const fact = (names: readonly string[], kind: NameKind, match: SearchMatch) => {
      for (const n of names) {
        const e = this.kb.names.exact(compactKey(n));
        if (e) offer({ key: q, entry: { ...e, key: q, name: query.trim(), kind }, word: 0 }, match, 0);
      }
    };
    if (change) fact([...(change.current ?? []), ...(change.options ?? [])], 'brand', 'exact');
    if (Object.hasOwn(ABBREVIATIONS, q)) fact(ABBREVIATIONS[q], 'synonym', 'exact');
    if (Object.hasOwn(FAMILY_NAMES, q)) {
      const family = FAMILY_NAMES[q];
      const members = (family.classes ?? []).flatMap((c) => this.kb.getClass(c)?.members ?? []).map((id) => this.kb.ingredient(id)?.name ?? id);
      for (const n of [...members, ...(family.names ?? [])]) {
        const e = this.kb.names.exact(compactKey(n));
        if (e) offer({ key: e.key, entry: e, word: 0 }, 'prefix', 0);
      }
    }
    keys.forEach((key, variant) => {
      for (let i = lowerBound(this.sorted, key); i < this.sorted.length && this.sorted[i].key.startsWith(key); i++) {
        const k = this.sorted[i];
        offer(k, k.word > 0 ? 'word-prefix' : k.key === key ? 'exact' : 'prefix', 0, variant);
      }
    });
    const fq = keys[keys.length - 1];
    if ((options.fuzzy ?? true) && best.size < limit && fq.length >= 4) {
      const max = fq.length >= 8 ? 2 : 1;
      const pool = new Set<Keyed>([...(this.byFirstChar.get(fq[0]) ?? []), ...(this.byFirstChar.get(fq[1]) ?? [])]);
      for (const k of pool) {
        if (best.has(k.entry.target.key)) continue;
        const d = boundedPrefixDistance(fq, k.key, max);
        if (d <= max) offer(k, 'fuzzy', d, keys.length - 1);
      }
    }
    // Names confused with the query ("hydroxyurea" → hydroxyzine) come last.
    const confused = new Set(keys.flatMap((key) => this.lookAlikes.get(key) ?? []).map((k) => this.kb.names.exact(k)?.target.key));
    const isConfused = (h: Candidate) => (confused.has(h.k.entry.target.key) && !keys.includes(h.k.entry.key) ? 1 : 0);
    return [...best.values()]
      .sort((a, b) => isConfused(a) - isConfused(b) || compareHit(a, b))
      .slice(0, limit)
      .map(({ k, match, distance }) => {
        const t = k.entry.target;
        const score = match === 'exact' ? 1 : match === 'prefix' ? 0.9 : match === 'word-prefix' ? 0.8 : Math.max(0.3, 0.7 - distance / Math.max(fq.length, 1));
        return {
          id: t.id,
          ...(t.kind === 'ingredient' ? { ingredientId: t.id } : {}),
          ingredientIds: [...t.ingredientIds],
          ingredients: t.ingredientIds.map((id) => ({ id, name: this.kb.ingredient(id)?.name ?? id })),
          name: t.display,
          matched: k.entry.name,
          kind: k.entry.kind,
          match,
          score: Math.round(score * 100) / 100,
          ...this.kb.depthOf(t.ingredientIds),
        };
      });
  }

  /**
   * Common: every ingredient is among the commonly prescribed drugs (`common`). Weight: the most rules that apply to
   * one of its ingredients. Vigil does not ship a prescription-volume ranking (the public ones are copyrighted
   * compilations); among equally common drugs, the one with more interactions to know about comes first.
   */
  private rankOf(t: NameEntry['target']): { common: boolean; weight: number } {
    let rank = this.targetRank.get(t.key);
    if (!rank) {
      rank = {
        common: t.ingredientIds.length > 0 && t.ingredientIds.every((id) => this.kb.ingredient(id)?.common === true),
        weight: Math.max(0, ...t.ingredientIds.map((id) => this.kb.ruleCount(id))),
      };
      this.targetRank.set(t.key, rank);
    }
    return rank;
  }
}

/**
 * Exact > prefix > inner-word prefix > fuzzy; within a tier the query as typed before its stripped forms, then common
 * drugs, closer spellings, generics, drugs with more rules, shorter names.
 */
function compareHit(a: Candidate, b: Candidate): number {
  return (
    MATCH_TIER[a.match] - MATCH_TIER[b.match] ||
    a.variant - b.variant ||
    Number(b.common) - Number(a.common) ||
    a.distance - b.distance ||
    NAME_KIND_PRIORITY[a.k.entry.kind] - NAME_KIND_PRIORITY[b.k.entry.kind] ||
    b.weight - a.weight ||
    a.k.entry.key.length - b.k.entry.key.length ||
    (a.k.entry.target.display < b.k.entry.target.display ? -1 : a.k.entry.target.display > b.k.entry.target.display ? 1 : 0)
  );
}

function lowerBound(arr: readonly Keyed[], key: string): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid].key < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
