import { compactKey } from '@vigil/engine';
import { DrugsAtFdaImporter } from '../importers/drugs-at-fda.importer';
import { PRESCRIPTION_STATUS, type FdaProduct } from './drugs-at-fda-products.reader';
import type { SpellingNeighbourIndex } from './spelling-neighbour.index';

/** Why a brand of a names-only drug was not added. */
export type BrandSkipReason = 'not-prescription' | 'generic-name' | 'too-short' | 'shared' | 'resolves-elsewhere' | 'neighbour';

export interface BrandSkip {
  brand: string;
  ingredientId: string;
  reason: BrandSkipReason;
  detail: string;
}

/** What the selector needs to know about the knowledge base the brands are added to. */
export interface BrandScreen {
  /** Ingredient id of one Drugs@FDA ingredient string (any salt form), or undefined when it is not linked. */
  ingredientOf(part: string): string | undefined;
  /** What the name resolves to today: an ingredient id, `product:<id>`, `ambiguous`, or undefined (unresolved). */
  resolve(name: string): string | undefined;
  /** Names of all drugs (knowledge base, other names-only entries, vocabularies) for the spelling-neighbour check. */
  neighbours: SpellingNeighbourIndex;
}

/** Words of a product name that make it a description, not a brand ("... IN PLASTIC CONTAINER", "KIT FOR ..."). */
const DESCRIPTOR_WORDS: ReadonlySet<string> = new Set(
  'in container plastic injection solution kit for preparation of sterile water irrigation dextrose sodium chloride bulk pharmacy package premix premixed ringer lactated'.split(
    ' ',
  ),
);

/** Words that qualify product names: a brand one edit from one ("Forteo" / "forte") would catch "X Forte". */
export const QUALIFIER_WORDS: readonly string[] = [
  'forte',
  'mite',
  'retard',
  'plus',
  'extra',
  'junior',
  'rapid',
  'depot',
  'duo',
  'mini',
  'maxi',
  'ultra',
  'liquid',
  'chewable',
  'oral',
  'tablet',
  'capsule',
  'solution',
  'pediatric',
];

/**
 * True when two names are close enough for the resolver's spelling correction to take one for the other: one edit,
 * or two when either name is longer than 8 letters (its acceptance limits, with a margin for short names).
 */
export function isSpellingNeighbour(a: string, b: string, distance: number): boolean {
  return distance <= 1 || (distance === 2 && Math.max(a.length, b.length) > 8);
}

/**
 * Chooses the brand names of names-only ingredients from Drugs@FDA products, safety first (issue #11 item 6: a name
 * must never become the wrong drug). A brand (`DrugsAtFdaImporter.brandName` of `DrugName`) is added to an ingredient
 * when every product in Drugs@FDA carrying it (any status) has that ingredient as its only active ingredient, and one
 * of them is marketed on prescription. It is skipped, with the reason, when it:
 *
 * - `not-prescription`: is carried only by discontinued or OTC products;
 * - `generic-name`: is the generic name or a generic descriptor ("SODIUM CHLORIDE 0.9% IN PLASTIC CONTAINER");
 * - `too-short`: has fewer than 4 letters and digits;
 * - `shared`: is carried by products with different ingredients (including combinations);
 * - `resolves-elsewhere`: already resolves (or is ambiguous) in the knowledge base as another drug;
 * - `neighbour`: is within `neighbourDistance` spelling edits of another drug's name (or of another names-only drug's
 *   brand), so a typo of one could be corrected into the other.
 */
export class NamesOnlyBrandSelector {
  constructor(private readonly screen: BrandScreen) {}

  select(products: readonly FdaProduct[], namesOnly: ReadonlySet<string>): { brands: Map<string, string[]>; skipped: BrandSkip[] } {
    const byKey = new Map<string, { name: string; sets: Set<string>; rx: boolean; parts: Set<string> }>();
    for (const p of products) {
      const name = NamesOnlyBrandSelector.clean(DrugsAtFdaImporter.brandName(p.drugName));
      const key = compactKey(name);
      if (key === '') continue;
      const ids = [...new Set(p.parts.map((part) => this.screen.ingredientOf(part) ?? `unlinked:${compactKey(part)}`))].sort();
      const e = byKey.get(key) ?? { name, sets: new Set<string>(), rx: false, parts: new Set<string>() };
      e.sets.add(ids.join('+'));
      if (p.statuses.includes(PRESCRIPTION_STATUS)) e.rx = true;
      for (const part of p.parts) e.parts.add(part);
      byKey.set(key, e);
    }
    const candidates: { key: string; name: string; id: string; rx: boolean; parts: string[]; shared?: string }[] = [];
    for (const [key, e] of byKey) {
      const sets = [...e.sets];
      const single = sets.filter((s) => !s.includes('+') && namesOnly.has(s));
      if (single.length === 0) continue;
      candidates.push({ key, name: e.name, id: single[0], rx: e.rx, parts: [...e.parts], shared: sets.length > 1 ? sets.join(' / ') : undefined });
    }
    for (const c of candidates) this.screen.neighbours.add(c.key, c.id);
    // A first word shared by brands of different drugs ("Draximage Dtpa", "Draximage MDP-25") names none of them.
    const firstWordIds = new Map<string, Set<string>>();
    for (const c of candidates) {
      const w = compactKey(c.name.split(/\s+/)[0]);
      firstWordIds.set(w, new Set([...(firstWordIds.get(w) ?? []), c.id]));
    }
    for (const c of candidates) {
      const ids = firstWordIds.get(compactKey(c.name.split(/\s+/)[0]))!;
      if (ids.size > 1 && c.name.includes(' ')) c.shared ??= `the first word names brands of ${[...ids].sort().join(' / ')}`;
    }

    const brands = new Map<string, string[]>();
    const skipped: BrandSkip[] = [];
    for (const c of candidates.sort((a, b) => (a.key < b.key ? -1 : 1))) {
      const skip = this.reason(c);
      if (skip) skipped.push({ brand: c.name, ingredientId: c.id, ...skip });
      else brands.set(c.id, [...(brands.get(c.id) ?? []), c.name].sort());
    }
    return { brands, skipped };
  }

  /** The reason to skip one candidate brand, or undefined to add it. */
  reason(c: { key: string; name: string; id: string; rx: boolean; parts: readonly string[]; shared?: string }): { reason: BrandSkipReason; detail: string } | undefined {
    if (c.shared) return { reason: 'shared', detail: `products with different ingredients: ${c.shared}` };
    if (!c.rx) return { reason: 'not-prescription', detail: 'no marketed prescription product carries it' };
    if (DrugsAtFdaImporter.isGenericName(c.name, c.parts) || NamesOnlyBrandSelector.isDescriptor(c.name))
      return { reason: 'generic-name', detail: 'the generic name or a generic descriptor' };
    if (c.key.length < 4) return { reason: 'too-short', detail: `${c.key.length} letters` };
    const now = this.screen.resolve(c.name);
    if (now !== undefined && now !== c.id) return { reason: 'resolves-elsewhere', detail: `already resolves to ${now}` };
    return NamesOnlyBrandSelector.clash(this.screen, c.key, c.name, c.id);
  }

  /**
   * Why a brand `name` (compact `key`) of `owner` could be taken for another drug, or undefined: its leading words
   * resolve to another drug, or it is a spelling neighbour (`isSpellingNeighbour`) of a name of another owner. The last
   * screen of both brand generators (names-only brands, combination brands).
   */
  static clash(
    screen: Pick<BrandScreen, 'resolve' | 'neighbours'>,
    key: string,
    name: string,
    owner: string,
  ): { reason: 'resolves-elsewhere' | 'neighbour'; detail: string } | undefined {
    for (const prefix of NamesOnlyBrandSelector.prefixes(name)) {
      const other = screen.resolve(prefix);
      if (other !== undefined && other !== owner) return { reason: 'resolves-elsewhere', detail: `"${prefix}" already resolves to ${other}` };
    }
    const near = screen.neighbours.neighbours(key, 2, owner).filter((n) => isSpellingNeighbour(key, n.name, n.distance));
    if (near.length > 0) return { reason: 'neighbour', detail: `${near[0].distance} edit(s) from "${near[0].name}" (${near[0].owner})` };
    return undefined;
  }

  /** The leading word groups of a multi-word brand ("Humalog Tempo Pen" → "Humalog", "Humalog Tempo"). */
  static prefixes(name: string): string[] {
    const ws = name.split(/\s+/);
    return ws
      .slice(1)
      .map((_, i) => ws.slice(0, i + 1).join(' '))
      .filter((p) => p.replace(/[^a-z0-9]/gi, '').length >= 4);
  }

  /** The brand without parenthetical asides or a "Preservative Free" tail ("Vyleesi (Autoinjector)" → "Vyleesi"). */
  static clean(name: string): string {
    return name
      .replace(/\s*\([^)]*\)/g, '')
      .replace(/\s+preservative free$/i, '')
      .trim();
  }

  /** True when any word of the product name is a descriptor word ("... IN PLASTIC CONTAINER"). */
  static isDescriptor(name: string): boolean {
    return name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .some((w) => DESCRIPTOR_WORDS.has(w));
  }
}
