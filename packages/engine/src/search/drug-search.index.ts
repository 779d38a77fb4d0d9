import type { IngredientDescription, KnowledgeBase } from '../kb/knowledge-base';
import { NAME_KIND_PRIORITY, type NameEntry, type NameKind } from '../resolver/name.index';
import { ABBREVIATIONS, BRAND_CHANGES, FAMILY_NAMES, LOOK_ALIKE_GROUPS } from '../resolver/name-safety.table';
import { boundedPrefixDistance } from '../text/string-distance';
import { compactKey, foldText, words } from '../text/name.normalizer';

export type SearchMatch = 'exact' | 'prefix' | 'word-prefix' | 'fuzzy';

export interface DrugSearchHit {
  /** Ingredient id, or the product id for a combination product. */
  id: string;
  /** Set for single-ingredient hits. */
  ingredientId?: string;
  ingredientIds: string[];
  /** Generic name (ingredient) or product name. */
  name: string;
  /** The name that matched the query, as written in the knowledge base. */
  matched: string;
  /** What the matched name is: generic, brand, synonym, salt, or product (combination brand). */
  kind: NameKind;
  match: SearchMatch;
  /** 0–1, for display; the order of the list is the ranking. */
  score: number;
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

const MATCH_TIER: Readonly<Record<SearchMatch, number>> = { exact: 0, prefix: 1, 'word-prefix': 2, fuzzy: 3 };

/**
 * Autocomplete over generic names, synonyms, salts, brands and combination products: exact > prefix > prefix of an
 * inner word ("glargine" → insulin glargine) > spelling-tolerant prefix; within a tier generics and shorter names
 * first; one hit per drug.
 */
export class DrugSearchIndex {
  private readonly sorted: Keyed[];
  private readonly byFirstChar = new Map<string, Keyed[]>();
  /** Look-alike name key → the keys of the names it is confused with. */
  private readonly lookAlikes = new Map<string, string[]>();

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
    const best = new Map<string, { k: Keyed; match: SearchMatch; distance: number }>();
    const offer = (k: Keyed, match: SearchMatch, distance: number) => {
      const prev = best.get(k.entry.target.key);
      if (!prev || compareHit({ k, match, distance }, prev) < 0) best.set(k.entry.target.key, { k, match, distance });
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
    for (let i = lowerBound(this.sorted, q); i < this.sorted.length && this.sorted[i].key.startsWith(q); i++) {
      const k = this.sorted[i];
      offer(k, k.word > 0 ? 'word-prefix' : k.key === q ? 'exact' : 'prefix', 0);
    }
    if ((options.fuzzy ?? true) && best.size < limit && q.length >= 4) {
      const max = q.length >= 8 ? 2 : 1;
      const pool = new Set<Keyed>([...(this.byFirstChar.get(q[0]) ?? []), ...(this.byFirstChar.get(q[1]) ?? [])]);
      for (const k of pool) {
        if (best.has(k.entry.target.key)) continue;
        const d = boundedPrefixDistance(q, k.key, max);
        if (d <= max) offer(k, 'fuzzy', d);
      }
    }
    // Names confused with the query ("hydroxyurea" → hydroxyzine) come last.
    const confused = new Set((this.lookAlikes.get(q) ?? []).map((k) => this.kb.names.exact(k)?.target.key));
    const isConfused = (h: { k: Keyed }) => (confused.has(h.k.entry.target.key) && h.k.entry.key !== q ? 1 : 0);
    return [...best.values()]
      .sort((a, b) => isConfused(a) - isConfused(b) || compareHit(a, b))
      .slice(0, limit)
      .map(({ k, match, distance }) => {
        const t = k.entry.target;
        const score = match === 'exact' ? 1 : match === 'prefix' ? 0.9 : match === 'word-prefix' ? 0.8 : Math.max(0.3, 0.7 - distance / Math.max(q.length, 1));
        return {
          id: t.id,
          ...(t.kind === 'ingredient' ? { ingredientId: t.id } : {}),
          ingredientIds: [...t.ingredientIds],
          name: t.display,
          matched: k.entry.name,
          kind: k.entry.kind,
          match,
          score: Math.round(score * 100) / 100,
        };
      });
  }
}

function compareHit(a: { k: Keyed; match: SearchMatch; distance: number }, b: { k: Keyed; match: SearchMatch; distance: number }): number {
  return (
    MATCH_TIER[a.match] - MATCH_TIER[b.match] ||
    a.distance - b.distance ||
    NAME_KIND_PRIORITY[a.k.entry.kind] - NAME_KIND_PRIORITY[b.k.entry.kind] ||
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
