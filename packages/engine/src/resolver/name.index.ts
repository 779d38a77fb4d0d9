import type { KbIngredient, KbProduct } from '../model/compiled-kb.model';
import { boundedOsaDistance, diceSimilarity, trigrams } from '../text/string-distance';
import { compactKey, DOSE_FORM_WORDS, foldText, RELEASE_WORDS, SALT_WORDS, saltStrippedVariants, stripLevel2, words } from '../text/name.normalizer';

/** The kind of name a lookup key came from. */
export type NameKind = 'generic' | 'synonym' | 'salt' | 'brand' | 'product';

/** What a name points at: one ingredient, or a combination product (several ingredients). */
export interface NameTarget {
  /** `ingredient:<id>` or `product:<id>`. */
  key: string;
  kind: 'ingredient' | 'product';
  id: string;
  /** Ingredient generic name or product name. */
  display: string;
  ingredientIds: string[];
}

export interface NameEntry {
  /** Compact lookup key (letters and digits only). */
  key: string;
  /** The name as written in the knowledge base. */
  name: string;
  kind: NameKind;
  target: NameTarget;
  /** True for names derived by the index ("clavulanate" from "clavulanate potassium", "toprol" from "Toprol XL"). */
  derived: boolean;
}

export interface NameCandidate {
  entry: NameEntry;
  distance: number;
  /** 0–1 similarity. */
  score: number;
}

/**
 * Edits a spelling correction may make to a key of this length: none up to four letters, one up to eight, two beyond
 * (suggestions look one edit further).
 */
export function correctableEdits(key: string): number {
  return key.length <= 4 ? 0 : key.length <= 8 ? 1 : 2;
}

/** Priority of name kinds when ranking (generic first). */
export const NAME_KIND_PRIORITY: Readonly<Record<NameKind, number>> = { generic: 0, brand: 1, product: 2, synonym: 3, salt: 4 };

/**
 * Every name of every ingredient and product, normalised once at knowledge-base load: exact map, first-word map,
 * length buckets and a trigram index for spelling correction and suggestions.
 */
export class NameIndex {
  readonly entries: NameEntry[] = [];
  readonly targets = new Map<string, NameTarget>();
  /** Names that two different drugs claimed (runtime merge of several sources): skipped, reported here. */
  readonly conflicts: string[] = [];
  private readonly byKey = new Map<string, NameEntry>();
  private readonly byFirstWord = new Map<string, NameEntry[]>();
  private readonly byLength = new Map<number, number[]>();
  private readonly byTrigram = new Map<string, number[]>();
  private readonly entryTrigrams: string[][] = [];
  private readonly otherNames: ReadonlySet<string>;
  /** Every key (entries and other known drugs), sorted, for prefix look-ups; built on first use. */
  private sortedKeys?: readonly string[];

  constructor(ingredients: readonly KbIngredient[], products: readonly KbProduct[], otherNames: readonly string[] = []) {
    const ingredientTargets = new Map<string, NameTarget>();
    for (const ing of ingredients) {
      const t: NameTarget = { key: `ingredient:${ing.id}`, kind: 'ingredient', id: ing.id, display: ing.name, ingredientIds: [ing.id] };
      ingredientTargets.set(ing.id, t);
      this.targets.set(t.key, t);
    }
    const productTargets = products.map((p) => {
      const t: NameTarget = { key: `product:${p.id}`, kind: 'product', id: p.id, display: p.name, ingredientIds: [...p.ingredients] };
      this.targets.set(t.key, t);
      return { p, t };
    });
    // Explicit names, highest priority first.
    for (const ing of ingredients) {
      const t = ingredientTargets.get(ing.id)!;
      this.addExplicit(ing.name, 'generic', t);
      this.addExplicit(ing.id, 'generic', t);
    }
    for (const ing of ingredients) for (const s of ing.synonyms) this.addExplicit(s, 'synonym', ingredientTargets.get(ing.id)!);
    for (const ing of ingredients) for (const s of ing.salts) this.addExplicit(s, 'salt', ingredientTargets.get(ing.id)!);
    for (const ing of ingredients) for (const b of ing.brands) this.addExplicit(b, 'brand', ingredientTargets.get(ing.id)!);
    for (const { p, t } of productTargets) this.addExplicit(p.name, 'product', t);
    // Derived names, only where no explicit name claims the key and no two drugs derive the same key.
    const derived = new Map<string, { name: string; kind: NameKind; target: NameTarget } | null>();
    const derive = (name: string, kind: NameKind, target: NameTarget) => {
      const key = compactKey(name);
      if (key.length < 4 || this.byKey.has(key)) return;
      const prev = derived.get(key);
      if (prev === undefined) derived.set(key, { name, kind, target });
      else if (prev !== null && prev.target.key !== target.key) derived.set(key, null);
    };
    for (const ing of ingredients) {
      const t = ingredientTargets.get(ing.id)!;
      for (const salt of ing.salts) {
        const ws = words(foldText(salt));
        const [first] = saltStrippedVariants(ws);
        // Only the salt's own base word ("clavulanate potassium" → "clavulanate"), never a lone counter-ion.
        if (first && first.length > 0 && !first.every((w) => SALT_WORDS.has(w))) derive(first.join(' '), 'salt', t);
      }
      for (const brand of ing.brands) {
        const ws = stripLevel2(foldText(brand));
        if (ws.length > 0 && ws.length < words(foldText(brand)).length) derive(ws.join(' '), 'brand', t);
      }
    }
    for (const { p, t } of productTargets) {
      const ws = words(foldText(p.name)).filter((w) => !RELEASE_WORDS.has(w));
      if (ws.length > 0) derive(ws.join(' '), 'product', t);
      // Without device and dose-form words too ("Anoro Ellipta" → "anoro"); numbers stay ("Humulin 70/30" is not
      // "Humulin", which names several products).
      const bare = ws.filter((w) => !DOSE_FORM_WORDS.has(w));
      if (bare.length > 0 && bare.length < ws.length) derive(bare.join(' '), 'product', t);
    }
    for (const [key, d] of derived) if (d) this.addEntry({ key, name: d.name, kind: d.kind, target: d.target, derived: true });
    this.otherNames = new Set(otherNames.map((n) => compactKey(n)).filter((k) => k.length > 0 && !this.byKey.has(k)));
  }

  /** The entry whose compact key is exactly `key`. */
  exact(key: string): NameEntry | undefined {
    return this.byKey.get(key);
  }

  /** True when `key` is the name of a real drug known NOT to be in the knowledge base. */
  isOtherDrug(key: string): boolean {
    return this.otherNames.has(key);
  }

  /**
   * Longer names that begin with `key` ("procain" → procainamide, procaine penicillin G), as entries of this index
   * or, for real drugs this knowledge base does not cover, as bare keys; at most `limit`, in key order.
   */
  startingWith(key: string, limit = 20): Array<{ key: string; entry?: NameEntry }> {
    const sorted = (this.sortedKeys ??= [...new Set([...this.byKey.keys(), ...this.otherNames])].sort());
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid] <= key) lo = mid + 1;
      else hi = mid;
    }
    const out: Array<{ key: string; entry?: NameEntry }> = [];
    for (let i = lo; i < sorted.length && out.length < limit && sorted[i].startsWith(key); i++) {
      const entry = this.byKey.get(sorted[i]);
      out.push(entry ? { key: sorted[i], entry } : { key: sorted[i] });
    }
    return out;
  }

  /** Multi-word names whose first word is `key` ("insulin" → insulin glargine, insulin lispro…). */
  firstWord(key: string): readonly NameEntry[] {
    return this.byFirstWord.get(key) ?? [];
  }

  /** Entries within `max` edits of `key`, best first; one per target (its closest name). */
  withinDistance(key: string, max: number): NameCandidate[] {
    const bestByTarget = new Map<string, NameCandidate>();
    const consider = (i: number) => {
      const e = this.entries[i];
      const d = boundedOsaDistance(key, e.key, max);
      if (d > max) return;
      const score = 1 - d / Math.max(key.length, e.key.length);
      const prev = bestByTarget.get(e.target.key);
      if (!prev || d < prev.distance || (d === prev.distance && NAME_KIND_PRIORITY[e.kind] < NAME_KIND_PRIORITY[prev.entry.kind])) {
        bestByTarget.set(e.target.key, { entry: e, distance: d, score });
      }
    };
    // q-gram lemma: each edit destroys at most 3 of the key's padded trigrams, so a string within `max` edits shares
    // at least `length - 3·max` of them. When that bound is useful, only such candidates are compared.
    const minShared = key.length - 3 * max;
    if (minShared >= 1) {
      for (const [i, n] of this.sharedTrigrams(key)) if (n >= minShared && Math.abs(this.entries[i].key.length - key.length) <= max) consider(i);
    } else {
      for (let len = Math.max(1, key.length - max); len <= key.length + max; len++) for (const i of this.byLength.get(len) ?? []) consider(i);
    }
    return [...bestByTarget.values()].sort(compareCandidates);
  }

  /**
   * Suggestions for a name that did not resolve: edit distance (up to 3) and trigram similarity, best per target,
   * highest score first, at most `limit`, none below `minScore`.
   */
  similar(key: string, limit = 5, minScore = 0.45): NameCandidate[] {
    if (key.length === 0) return [];
    const best = new Map<string, NameCandidate>();
    const consider = (c: NameCandidate) => {
      if (c.score < minScore) return;
      const prev = best.get(c.entry.target.key);
      if (!prev || c.score > prev.score) best.set(c.entry.target.key, c);
    };
    for (const c of this.withinDistance(key, correctableEdits(key) + 1)) consider(c);
    const qt = trigrams(key);
    for (const [i, n] of this.sharedTrigrams(key)) {
      // Dice ≥ minScore needs 2·shared ≥ minScore·(|q| + |e|): skip hopeless candidates before scoring.
      if (n < 2 || 2 * n < minScore * (qt.length + this.entryTrigrams[i].length)) continue;
      consider({ entry: this.entries[i], distance: Number.POSITIVE_INFINITY, score: diceSimilarity(qt, this.entryTrigrams[i]) });
    }
    return [...best.values()]
      .sort((a, b) => b.score - a.score || compareCandidates(a, b))
      .slice(0, limit)
      .map((c) => ({ ...c, score: Math.round(c.score * 100) / 100 }));
  }

  /** Entry index → number of distinct trigrams it shares with `key`. */
  private sharedTrigrams(key: string): Map<number, number> {
    const shared = new Map<number, number>();
    for (const t of new Set(trigrams(key))) for (const i of this.byTrigram.get(t) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    return shared;
  }

  private addExplicit(name: string, kind: NameKind, target: NameTarget): void {
    const key = compactKey(name);
    if (key.length === 0) return;
    const prev = this.byKey.get(key);
    if (prev) {
      if (prev.target.key !== target.key) this.conflicts.push(`"${name}" (${kind} of ${target.display}) already names ${prev.target.display}`);
      return;
    }
    this.addEntry({ key, name, kind, target, derived: false });
  }

  private addEntry(e: NameEntry): void {
    const i = this.entries.length;
    this.entries.push(e);
    this.byKey.set(e.key, e);
    const ws = words(foldText(e.name));
    if (ws.length > 1) {
      const list = this.byFirstWord.get(ws[0]) ?? [];
      list.push(e);
      this.byFirstWord.set(ws[0], list);
    }
    const bucket = this.byLength.get(e.key.length) ?? [];
    bucket.push(i);
    this.byLength.set(e.key.length, bucket);
    const tg = trigrams(e.key);
    this.entryTrigrams.push(tg);
    for (const t of new Set(tg)) {
      const list = this.byTrigram.get(t) ?? [];
      list.push(i);
      this.byTrigram.set(t, list);
    }
  }
}

function compareCandidates(a: NameCandidate, b: NameCandidate): number {
  return (
    a.distance - b.distance ||
    b.score - a.score ||
    NAME_KIND_PRIORITY[a.entry.kind] - NAME_KIND_PRIORITY[b.entry.kind] ||
    a.entry.target.display.localeCompare(b.entry.target.display)
  );
}
