import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPILED_KB_FORMAT, type CompiledKnowledgeBase } from '../model/compiled-kb.model';
import { compactKey } from '../text/name.normalizer';
import { KnowledgeBase, type KnowledgeBaseOptions } from './knowledge-base';

/** Where the package build writes the compiled curated knowledge base (next to this module in dist/kb). */
export const CURATED_KB_PATH = join(__dirname, 'curated.json');

/** Reads and checks a compiled knowledge-base JSON document. */
export function readCompiledKb(file: string): CompiledKnowledgeBase {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`Cannot read compiled knowledge base ${file}: ${(e as Error).message}. Build @vigil/engine first.`, { cause: e });
  }
  assertCompiledKb(doc, file);
  return doc;
}

export function assertCompiledKb(doc: unknown, label = 'document'): asserts doc is CompiledKnowledgeBase {
  const d = doc as Partial<CompiledKnowledgeBase> | null;
  if (!d || typeof d !== 'object' || d.format !== COMPILED_KB_FORMAT) {
    throw new Error(`${label} is not a compiled Vigil knowledge base (expected format "${COMPILED_KB_FORMAT}")`);
  }
  for (const k of ['sources', 'ingredients', 'classes', 'products', 'rules', 'pathways', 'domains'] as const) {
    if (!Array.isArray(d[k])) throw new Error(`${label}: "${k}" must be an array`);
  }
  if (d.labels !== undefined && !Array.isArray(d.labels)) throw new Error(`${label}: "labels" must be an array when present`);
}

/**
 * Loads the curated knowledge base compiled by the package build (`dist/kb/curated.json`), optionally merged with
 * extra compiled sources (e.g. an importer's output), and builds its indices.
 */
export function loadCuratedKb(options: KnowledgeBaseOptions & { extra?: readonly CompiledKnowledgeBase[]; path?: string } = {}): KnowledgeBase {
  const curated = readCompiledKb(options.path ?? CURATED_KB_PATH);
  return buildKnowledgeBase([curated, ...(options.extra ?? [])], options);
}

/** Builds a KnowledgeBase from one compiled document, or several merged (the first is the base). */
export function buildKnowledgeBase(docs: CompiledKnowledgeBase | readonly CompiledKnowledgeBase[], options: KnowledgeBaseOptions = {}): KnowledgeBase {
  const list = Array.isArray(docs) ? (docs as readonly CompiledKnowledgeBase[]) : [docs as CompiledKnowledgeBase];
  list.forEach((d, i) => assertCompiledKb(d, `knowledge base #${i}`));
  return new KnowledgeBase(list.length === 1 ? list[0] : mergeCompiledKbs(list), options);
}

/**
 * Merges compiled knowledge bases. The first document is the base; later ones add sources, ingredients, classes,
 * products, rules, pathways, label statements and domains with new ids. An ingredient id that already exists gains the later
 * document's extra names and codes (names already used by another drug are dropped). Rules keep their own
 * `sourceId`, so several sources may assert the same pair; the engine keeps each source's severity.
 * The merged version joins the versions with `+`; `releasedAt` is the newest.
 */
export function mergeCompiledKbs(docs: readonly CompiledKnowledgeBase[]): CompiledKnowledgeBase {
  if (docs.length === 0) throw new Error('mergeCompiledKbs needs at least one knowledge base');
  const [base, ...extra] = docs;
  const out: CompiledKnowledgeBase = {
    ...base,
    sources: [...base.sources],
    ingredients: base.ingredients.map((i) => ({ ...i, atc: [...i.atc], synonyms: [...i.synonyms], salts: [...i.salts], brands: [...i.brands] })),
    classes: [...base.classes],
    products: [...base.products],
    rules: [...base.rules],
    pathways: [...base.pathways],
    labels: [...(base.labels ?? [])],
    domains: [...base.domains],
    washouts: [...(base.washouts ?? [])],
    localUse: [...(base.localUse ?? [])],
    otherNames: [...(base.otherNames ?? [])],
  };
  const owner = new Map<string, string>();
  for (const ing of out.ingredients) for (const n of [ing.name, ing.id, ...ing.synonyms, ...ing.salts, ...ing.brands]) owner.set(compactKey(n), ing.id);
  for (const p of out.products) owner.set(compactKey(p.name), `product:${p.id}`);
  const addNew = <T extends { id: string }>(target: T[], items: readonly T[]) => {
    const ids = new Set(target.map((t) => t.id));
    for (const item of items) if (!ids.has(item.id)) target.push(item);
  };
  const byId = new Map(out.ingredients.map((i) => [i.id, i]));
  for (const doc of extra) {
    addNew(out.sources, doc.sources);
    for (const ing of doc.ingredients) {
      const existing = byId.get(ing.id);
      const free = (n: string, id: string) => {
        const o = owner.get(compactKey(n));
        if (o !== undefined && o !== id) return false;
        owner.set(compactKey(n), id);
        return true;
      };
      if (!existing) {
        if (!free(ing.name, ing.id)) continue;
        const added = {
          ...ing,
          atc: [...ing.atc],
          synonyms: ing.synonyms.filter((n) => free(n, ing.id)),
          salts: ing.salts.filter((n) => free(n, ing.id)),
          brands: ing.brands.filter((n) => free(n, ing.id)),
        };
        out.ingredients.push(added);
        byId.set(added.id, added);
        continue;
      }
      const union = (a: string[], b: readonly string[]) => {
        for (const x of b) if (!a.includes(x) && free(x, existing.id)) a.push(x);
      };
      union(existing.synonyms, ing.synonyms);
      union(existing.salts, ing.salts);
      union(existing.brands, ing.brands);
      for (const c of ing.atc) if (!existing.atc.includes(c)) existing.atc.push(c);
      if (!existing.rxcui && ing.rxcui) existing.rxcui = ing.rxcui;
    }
    addNew(out.classes, doc.classes);
    addNew(
      out.products,
      doc.products.filter((p) => {
        const o = owner.get(compactKey(p.name));
        if (o !== undefined && o !== `product:${p.id}`) return false;
        owner.set(compactKey(p.name), `product:${p.id}`);
        return true;
      }),
    );
    addNew(out.rules, doc.rules);
    addNew(out.pathways, doc.pathways);
    addNew(out.labels!, doc.labels ?? []);
    addNew(out.domains, doc.domains);
    addNew(out.washouts!, doc.washouts ?? []);
    addNew(out.localUse!, doc.localUse ?? []);
    for (const n of doc.otherNames ?? []) if (!out.otherNames!.includes(n)) out.otherNames!.push(n);
  }
  out.version = docs.map((d) => d.version).join('+');
  out.releasedAt = docs
    .map((d) => d.releasedAt)
    .sort()
    .at(-1)!;
  const known = new Set(out.ingredients.map((i) => i.id));
  out.rules = out.rules.filter((r) => [r.a, r.b].every((s) => !('ingredient' in s) || known.has(s.ingredient)));
  out.products = out.products.filter((p) => p.ingredients.every((i) => known.has(i)));
  out.labels = out.labels!.map((l) => (l.substrates.every((i) => known.has(i)) ? l : { ...l, substrates: l.substrates.filter((i) => known.has(i)) }));
  return out;
}

/**
 * A knowledge-base release: the curated pack plus imported source documents, named by the release (not by the
 * merged documents' own versions).
 */
export function composeRelease(
  curated: CompiledKnowledgeBase,
  sources: readonly CompiledKnowledgeBase[],
  release: { version: string; releasedAt: string },
  options: KnowledgeBaseOptions = {},
): KnowledgeBase {
  const merged = sources.length ? mergeCompiledKbs([curated, ...sources]) : { ...curated };
  return buildKnowledgeBase({ ...merged, version: release.version, releasedAt: release.releasedAt }, options);
}
