import { compactKey, type DoseSite } from '@vigil/engine';
import { DrugsAtFdaImporter } from '../importers/drugs-at-fda.importer';
import { PRESCRIPTION_STATUS, type FdaProduct } from './drugs-at-fda-products.reader';
import { NamesOnlyBrandSelector } from './names-only-brand.selector';
import type { SpellingNeighbourIndex } from './spelling-neighbour.index';

/** Why a Drugs@FDA combination brand was not added as a combination product. */
export type CombinationSkipReason =
  'shared' | 'not-prescription' | 'unresolved-ingredient' | 'single-ingredient' | 'generic-name' | 'too-short' | 'excluded' | 'known' | 'resolves-elsewhere' | 'neighbour';

export interface CombinationSkip {
  brand: string;
  reason: CombinationSkipReason;
  detail: string;
}

/** One combination product to write: the brand as shown, its ingredient ids (in Drugs@FDA order) and its one non-systemic site. */
export interface CombinationProduct {
  name: string;
  ingredients: string[];
  /** Where every product carrying the brand is applied, when that is one non-systemic site (see `siteOfRoutes`). */
  site?: DoseSite;
}

/** Drugs@FDA routes that are one of the check's non-systemic sites; any other route is systemic. */
const SITE_BY_ROUTE: Readonly<Record<string, DoseSite>> = {
  TOPICAL: 'skin',
  OPHTHALMIC: 'eye',
  OTIC: 'ear',
  NASAL: 'nasal',
  INHALATION: 'inhaled',
  INTRAUTERINE: 'intrauterine',
};

/**
 * The one non-systemic site of a brand's products: every route of every product maps to the same site (TobraDex ST:
 * OPHTHALMIC → eye). Undefined when a route is systemic or unread, or the routes name two sites ("OPHTHALMIC, OTIC").
 */
export function siteOfRoutes(routesPerProduct: readonly (readonly string[] | undefined)[]): DoseSite | undefined {
  let site: DoseSite | undefined;
  for (const routes of routesPerProduct) {
    if (!routes || routes.length === 0) return undefined;
    for (const r of routes) {
      const s = SITE_BY_ROUTE[r];
      if (s === undefined || (site !== undefined && s !== site)) return undefined;
      site = s;
    }
  }
  return site;
}

/** What the selector needs to know about the knowledge base the products are added to. */
export interface CombinationScreen {
  /**
   * The known ingredient id of one Drugs@FDA ingredient string ("AVIBACTAM SODIUM"), read deterministically (its
   * name, a synonym or a salt form; never a spelling correction), or undefined when it is not one known ingredient.
   */
  ingredientOf(part: string): string | undefined;
  /** What the name resolves to today (any method): its ingredient ids sorted and joined by `+`, `ambiguous`, or undefined. */
  resolve(name: string): string | undefined;
  /**
   * Names of all drugs for the spelling-neighbour check, each owned by its ingredient-id set (sorted, joined by `+`:
   * `warfarin`, `emtricitabine+tenofovir`) or by a non-ingredient owner (`drugbank:…`, `other:…`, `qualifier`).
   */
  neighbours: SpellingNeighbourIndex;
}

/** A brand left out by hand after reading the generated list, with the reason (kept in the generator, documented). */
export interface CombinationExclusion {
  brand: string;
  reason: string;
}

/**
 * Chooses combination brands from Drugs@FDA products, safety first (issue #11 items 6-7: a name must never become
 * the wrong drug). A brand (`DrugsAtFdaImporter.brandName` of `DrugName`) becomes a combination product when every
 * Drugs@FDA product carrying it (any status) has the same two or more ingredients, each one known ingredient, and one
 * of them is marketed on prescription. It is skipped, with the reason, when it:
 *
 * - `shared`: is carried by products with different ingredients (one brand for two combinations, or for a combination
 *   and a single drug), or its first word starts brands of other ingredient sets ("Drax One", "Drax Two");
 * - `not-prescription`: is carried only by discontinued or OTC products;
 * - `unresolved-ingredient`: has an ingredient string that is not exactly one known ingredient (including a fragment
 *   split inside parentheses, and a list of drugs left unsplit, whatever the knowledge base reads it as);
 * - `single-ingredient`: its ingredient strings are forms of one drug (not a combination);
 * - `generic-name`: is the ingredient list ("AMLODIPINE AND BENAZEPRIL HYDROCHLORIDE"), any list (a comma or semicolon:
 *   "DEXTROAMP SACCHARATE, AMP ASPARTATE, …") or a generic descriptor;
 * - `too-short`: has fewer than 4 letters and digits;
 * - `excluded`: is on the hand-kept exclusion list;
 * - `known`: already resolves to the same ingredients (products.yaml, or a brand the pack gives otherwise);
 * - `resolves-elsewhere`: already resolves (or is ambiguous, or its leading words resolve) as another drug;
 * - `neighbour`: is within spelling-correction distance (`isSpellingNeighbour`) of a name of another drug, or of
 *   another ingredient set's brand, so a typo of one could be corrected into the other.
 */
export class CombinationBrandSelector {
  private readonly excluded: ReadonlyMap<string, string>;

  constructor(
    private readonly screen: CombinationScreen,
    exclusions: readonly CombinationExclusion[] = [],
  ) {
    this.excluded = new Map(exclusions.map((x) => [compactKey(x.brand), x.reason]));
  }

  select(products: readonly FdaProduct[]): { products: CombinationProduct[]; skipped: CombinationSkip[] } {
    const byKey = new Map<string, Brand>();
    const firstWordSets = new Map<string, Set<string>>();
    for (const p of products) {
      const name = NamesOnlyBrandSelector.clean(DrugsAtFdaImporter.brandName(p.drugName));
      const key = compactKey(name);
      if (key === '') continue;
      const ids = p.parts.map((part) => this.ingredientOf(part) ?? `unresolved:${part}`);
      const set = CombinationBrandSelector.setKey(ids);
      const b = byKey.get(key) ?? { key, name, sets: new Map<string, string[]>(), rxSets: new Set<string>(), parts: new Set<string>(), combination: false, routes: [] };
      b.routes.push(p.routes);
      if (name < b.name) b.name = name;
      if (!b.sets.has(set)) b.sets.set(set, [...new Set(ids)]);
      if (p.statuses.includes(PRESCRIPTION_STATUS)) b.rxSets.add(set);
      for (const part of p.parts) b.parts.add(part);
      if (p.parts.length >= 2) b.combination = true;
      byKey.set(key, b);
      const first = compactKey(name.split(/\s+/)[0]);
      firstWordSets.set(first, new Set([...(firstWordSets.get(first) ?? []), set]));
    }
    const candidates = [...byKey.values()].filter((b) => b.combination).sort((a, b) => (a.key < b.key ? -1 : 1));
    // Every brand's name is owned by its ingredient set: two close brands of different sets are neighbours.
    for (const b of byKey.values()) for (const set of b.sets.keys()) this.screen.neighbours.add(b.key, set);

    const out: CombinationProduct[] = [];
    const skipped: CombinationSkip[] = [];
    for (const b of candidates) {
      const skip = this.reason(b, firstWordSets.get(compactKey(b.name.split(/\s+/)[0]))!);
      if (skip) skipped.push({ brand: b.name, ...skip });
      else {
        const site = siteOfRoutes(b.routes);
        out.push({ name: b.name, ingredients: [...b.sets.values()][0], ...(site ? { site } : {}) });
      }
    }
    return { products: out.sort((x, y) => (compactKey(x.name) < compactKey(y.name) ? -1 : 1)), skipped };
  }

  /** The reason to skip one brand, or undefined to add it. */
  private reason(b: Brand, firstWordSets: ReadonlySet<string>): { reason: CombinationSkipReason; detail: string } | undefined {
    const sets = [...b.sets.keys()];
    if (sets.length > 1) return { reason: 'shared', detail: `products with different ingredients: ${sets.join(' / ')}` };
    const [set] = sets;
    if (!b.rxSets.has(set)) return { reason: 'not-prescription', detail: 'no marketed prescription product carries it' };
    if (DrugsAtFdaImporter.isGenericName(b.name, [...b.parts]) || NamesOnlyBrandSelector.isDescriptor(b.name) || /[,;]/.test(b.name))
      return { reason: 'generic-name', detail: 'the ingredient list, a list, or a generic descriptor' };
    const ids = b.sets.get(set)!;
    const unresolved = ids.filter((id) => id.startsWith('unresolved:'));
    if (unresolved.length > 0) return { reason: 'unresolved-ingredient', detail: unresolved.map((u) => u.slice('unresolved:'.length)).join('; ') };
    if (ids.length < 2) return { reason: 'single-ingredient', detail: `every ingredient string is ${ids[0]}` };
    if (b.key.length < 4) return { reason: 'too-short', detail: `${b.key.length} letters` };
    const excluded = this.excluded.get(b.key);
    if (excluded !== undefined) return { reason: 'excluded', detail: excluded };
    const now = this.screen.resolve(b.name);
    if (now === set) return { reason: 'known', detail: `already resolves to ${now}` };
    if (now !== undefined) return { reason: 'resolves-elsewhere', detail: `already resolves to ${now}, not ${set}` };
    if (firstWordSets.size > 1 && b.name.includes(' ')) return { reason: 'shared', detail: `its first word starts brands of ${[...firstWordSets].sort().join(' / ')}` };
    return NamesOnlyBrandSelector.clash(this.screen, b.key, b.name, set);
  }

  /**
   * The one known ingredient an ingredient string names, or undefined when it is not one: a fragment of a string
   * split inside parentheses ("MENOTROPINS (FSH", "LH)"), or a list of drugs the importer did not split
   * ("IVACAFTOR, TEZACAFTOR": a piece of it is another known drug), whatever the knowledge base reads it as.
   */
  private ingredientOf(part: string): string | undefined {
    if ((part.match(/\(/g) ?? []).length !== (part.match(/\)/g) ?? []).length) return undefined;
    const id = this.screen.ingredientOf(part);
    if (id === undefined) return undefined;
    const pieces = part.split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s*\/\s*/i).filter((x) => x.trim() !== '');
    if (
      pieces.length > 1 &&
      pieces.some((x) => {
        const own = this.screen.ingredientOf(x);
        return own !== undefined && own !== id;
      })
    )
      return undefined;
    return id;
  }

  /** The owner key of an ingredient-id list: its distinct ids sorted and joined by `+`. */
  static setKey(ids: readonly string[]): string {
    return [...new Set(ids)].sort().join('+');
  }
}

interface Brand {
  key: string;
  name: string;
  /** Ingredient-set key → the set's ids in the order of the first product carrying it. */
  sets: Map<string, string[]>;
  rxSets: Set<string>;
  parts: Set<string>;
  /** Some product carrying the brand has two or more ingredient strings. */
  combination: boolean;
  /** The routes of each product carrying the brand (any status). */
  routes: (string[] | undefined)[];
}
