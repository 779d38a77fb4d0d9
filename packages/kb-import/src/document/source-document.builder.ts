import { createHash } from 'node:crypto';
import {
  COMPILED_KB_FORMAT,
  compactKey,
  foldText,
  type CompiledKnowledgeBase,
  type KbIngredient,
  type KbProduct,
  type KbRule,
  type KbSource,
  type KnowledgeBase,
} from '@vigil/engine';
import { IngredientLinker } from '../link/ingredient.linker';

export type NameList = 'synonyms' | 'salts' | 'brands';

/** Default `releasedAt` of an imported document: fixed, so that importing the same files twice is byte-identical. */
export const DEFAULT_RELEASED_AT = '1970-01-01T00:00:00.000Z';

/**
 * Builds the compiled document of one imported source, to be merged after the base knowledge base with
 * `buildKnowledgeBase([curated, doc])`:
 *
 * - existing ingredients the source links to appear as stubs (id and name of the base ingredient, plus the names this
 *   source adds), so the merge adds those names to the base ingredient and the document stays self-contained;
 * - new ingredients carry the source's `sourceId` (that is their "imported" flag);
 * - a name is only added when no other drug owns it, in the base or earlier in this document;
 * - everything is sorted, and `version` is `<sourceId>-<8 hex of sha256 of the content>`: the same input gives the
 *   same bytes and the same version.
 */
export class SourceDocumentBuilder {
  private readonly ingredients = new Map<string, KbIngredient>();
  private readonly newIds = new Set<string>();
  private readonly linkedIds = new Set<string>();
  private readonly newByKey = new Map<string, string>();
  /** compact key → `ingredient:<id>` / `product:<id>` for names claimed in this document. */
  private readonly claims = new Map<string, string>();
  private readonly products = new Map<string, KbProduct>();
  private readonly rules: KbRule[] = [];
  /** compact key → folded name. */
  private readonly otherNames = new Map<string, string>();
  private readonly usedIds = new Set<string>();
  readonly added = { brands: 0, synonyms: 0, salts: 0, products: 0, otherNames: 0 };

  constructor(
    private readonly base: KnowledgeBase,
    readonly source: KbSource,
    private readonly releasedAt = DEFAULT_RELEASED_AT,
  ) {
    for (const ing of base.ingredients) this.usedIds.add(ing.id);
  }

  get sourceId(): string {
    return this.source.id;
  }

  /** Number of distinct base ingredients referenced. */
  get linkedCount(): number {
    return this.linkedIds.size;
  }

  get newCount(): number {
    return this.newIds.size;
  }

  get ruleCount(): number {
    return this.rules.length;
  }

  isNew(id: string): boolean {
    return this.newIds.has(id);
  }

  /** References an existing base ingredient (creates its stub). */
  useLinked(id: string): string {
    const ing = this.base.ingredient(id);
    if (!ing) throw new Error(`SourceDocumentBuilder: ${id} is not an ingredient of the base knowledge base`);
    if (!this.ingredients.has(id)) {
      this.ingredients.set(id, this.ingredient(id, ing.name));
      this.linkedIds.add(id);
    }
    return id;
  }

  /**
   * The new ingredient called `name` (created on first use; names with the same compact key share it). Returns
   * undefined when the name is owned by a base drug or by another drug of this document.
   */
  useNew(name: string): string | undefined {
    const key = compactKey(name);
    if (key === '') return undefined;
    const known = this.newByKey.get(key);
    if (known) return known;
    if (this.base.names.exact(key) || this.claims.has(key)) return undefined;
    let id = IngredientLinker.slug(name) || 'ingredient';
    if (this.usedIds.has(id)) {
      let n = 2;
      while (this.usedIds.has(`${id}-${n}`)) n++;
      id = `${id}-${n}`;
    }
    this.usedIds.add(id);
    this.ingredients.set(id, this.ingredient(id, name));
    this.newIds.add(id);
    this.newByKey.set(key, id);
    this.claims.set(key, `ingredient:${id}`);
    return id;
  }

  /**
   * Adds a synonym, salt or brand to an ingredient of this document. Returns false (nothing added) when the name is
   * already a name of that ingredient, or belongs to another drug in the base or in this document.
   */
  addName(id: string, list: NameList, name: string): boolean {
    const ing = this.ingredients.get(id);
    if (!ing) throw new Error(`SourceDocumentBuilder: ${id} is not in the document`);
    const key = compactKey(name);
    if (key.length < 2) return false;
    const owner = `ingredient:${id}`;
    const baseEntry = this.base.names.exact(key);
    if (baseEntry) return false; // already this ingredient's name, or another drug's
    const claimed = this.claims.get(key);
    if (claimed !== undefined) return false;
    this.claims.set(key, owner);
    ing[list].push(name);
    this.added[list]++;
    return true;
  }

  /** True when the name is free: neither a base name nor claimed in this document. */
  isFree(name: string): boolean {
    const key = compactKey(name);
    return key !== '' && !this.base.names.exact(key) && !this.claims.has(key);
  }

  /** Adds a combination product of ingredients already in the document. False when its name or id is taken. */
  addProduct(name: string, ingredientIds: readonly string[]): boolean {
    const key = compactKey(name);
    const id = IngredientLinker.slug(name);
    if (key === '' || id === '' || !this.isFree(name)) return false;
    if (this.products.has(id) || this.base.products.some((p) => p.id === id)) return false;
    for (const i of ingredientIds) if (!this.ingredients.has(i)) throw new Error(`SourceDocumentBuilder: product ${name} names ${i}, not in the document`);
    this.claims.set(key, `product:${id}`);
    this.products.set(id, { id, name, ingredients: [...new Set(ingredientIds)].sort(), sourceId: this.sourceId });
    this.added.products++;
    return true;
  }

  addRule(rule: KbRule): void {
    this.rules.push(rule);
  }

  /** A real drug outside the knowledge base: the resolver will never spell-correct it into a knowledge-base drug. */
  addOtherName(name: string): boolean {
    const key = compactKey(name);
    if (key === '' || this.base.names.exact(key) || this.claims.has(key) || this.otherNames.has(key)) return false;
    this.otherNames.set(key, foldText(name));
    this.added.otherNames++;
    return true;
  }

  build(): CompiledKnowledgeBase {
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const sortStrings = (xs: string[]) => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const ingredients = [...this.ingredients.values()]
      .map((i) => ({ ...i, synonyms: sortStrings(i.synonyms), salts: sortStrings(i.salts), brands: sortStrings(i.brands) }))
      .sort(byId);
    const content = {
      sources: [{ ...this.source }],
      ingredients,
      classes: [],
      products: [...this.products.values()].sort(byId),
      rules: [...this.rules].sort(byId),
      pathways: [],
      domains: [],
      ...(this.otherNames.size > 0 ? { otherNames: sortStrings([...this.otherNames.values()]) } : {}),
    };
    // Hashed piece by piece: one JSON string of a 160k-rule document would be ~90 MB.
    const hash = createHash('sha256');
    for (const [k, v] of Object.entries(content)) {
      hash.update(`${JSON.stringify(k)}:`);
      if (Array.isArray(v)) for (const item of v as unknown[]) hash.update(`${JSON.stringify(item)},`);
      else hash.update(JSON.stringify(v));
      hash.update(';');
    }
    const version = `${this.sourceId}-${hash.digest('hex').slice(0, 8)}`;
    return { format: COMPILED_KB_FORMAT, version, releasedAt: this.releasedAt, ...content };
  }

  /** A new ingredient is known by name only until a rule names it (the knowledge base then counts it as reviewed). */
  private ingredient(id: string, name: string): KbIngredient {
    return { id, name, atc: [], synonyms: [], salts: [], brands: [], roles: [], risks: [], reviewed: false, sourceId: this.sourceId };
  }
}
