#!/usr/bin/env node
/**
 * Writes knowledge/ingredients/fda-rx-names.yaml: the active ingredients of Drugs@FDA products (US Government work,
 * public domain) that the curated pack does not review, as NAMES-ONLY ingredients (`reviewed: false`): they resolve,
 * and every check that contains one says its interactions have not been reviewed.
 *
 *   node dist/tools/fda-names.cli.js <shared/data/drugs-at-fda> <knowledge/ingredients/fda-rx-names.yaml>
 *        [--vocabulary <shared/data/drugbank-vocabulary/drugbank_vocabulary.csv>]
 *
 * Run with the knowledge base built from the current files (`compile:kb`). Entries already in the output file are
 * kept (an entry another knowledge file now defines is dropped: it was moved to a curated file); a Drugs@FDA
 * ingredient the knowledge base does not know yet is added (the Drugs@FDA importer does the linking). Then:
 *
 * 1. names that still carry a salt, counter-ion or hydrate word get their active-moiety name (`ActiveMoietyNamer`),
 *    the Drugs@FDA string kept as a salt form; an entry whose id another knowledge file references, or whose moiety
 *    name belongs to another drug, keeps its name (listed);
 * 2. brands come from prescription products whose only ingredient is the drug (`NamesOnlyBrandSelector`), screened
 *    against every name of the knowledge base, the other-names guard list and the DrugBank vocabulary (CC0; found
 *    next to the Drugs@FDA directory unless `--vocabulary` is given). Skipped brands are counted by reason.
 *
 * Only names come from the files (facts, no text).
 */
import { CURATED_KB_PATH, DrugResolver, buildKnowledgeBase, compactKey, readCompiledKb, type KnowledgeBase } from '@vigil/engine';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { importSource } from '../importers/source.importer';
import { IngredientLinker } from '../link/ingredient.linker';
import { ActiveMoietyNamer } from '../names/active-moiety.namer';
import { DrugsAtFdaProductsReader } from '../names/drugs-at-fda-products.reader';
import { splitFragmentNames, type NamesOnlyEntry } from '../names/fragment-name.splitter';
import { NamesOnlyBrandSelector, QUALIFIER_WORDS } from '../names/names-only-brand.selector';
import { SpellingNeighbourIndex } from '../names/spelling-neighbour.index';
import { GeneratedYamlFormatter } from './generated-yaml.formatter';
import { GeneratorInputReader } from './generator-input.reader';

const NAME_ID_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A Drugs@FDA ingredient string that is really a combination the importer did not split ("alogliptin and metformin",
 * "conjugated estrogens/medroxyprogesterone", "lamivudine, nevirapine, and stavudine"): every part, read on its own,
 * is another drug the pack already knows. As a names-only entry it would shadow the resolver's combination reading,
 * so the parts' interactions (metformin's, the estrogen's) would hide behind "not reviewed". Strings whose parts are
 * not all known ("cefadroxil/cefadroxil hemihydrate", "follitropin alfa/beta") stay: they name one drug.
 */
function combinationOfKnownDrugs(resolver: DrugResolver, id: string, name: string): boolean {
  const parts = name
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s+with\s+|\s*\/\s*|\s*:\s*/i)
    .map((x) => x.trim())
    .filter((x) => x !== '');
  if (parts.length < 2) return false;
  return parts.every((part) => {
    const r = resolver.resolve(part);
    return r.status === 'resolved' && r.method !== 'fuzzy' && r.ingredients.length > 0 && r.ingredients.every((i) => i.id !== id);
  });
}

type Entry = NamesOnlyEntry;

function yamlScalar(s: string): string {
  const t = s.trim();
  return t.startsWith('"') ? (JSON.parse(t) as string) : t;
}

function yamlList(s: string): string[] {
  const inner = s.trim().replace(/^\[|\]$/g, '');
  const out: string[] = [];
  for (const m of inner.matchAll(/\s*("(?:[^"\\]|\\.)*"|[^,]+)/g)) if (m[1].trim() !== '') out.push(yamlScalar(m[1]));
  return out;
}

/** The entries of a file this tool wrote (its own fixed format). */
function readEntries(file: string): Entry[] {
  if (!existsSync(file)) return [];
  const out: Entry[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^(- | {2})(id|name|salts|brands): (.*)$/.exec(line);
    if (!m) continue;
    if (m[2] === 'id') out.push({ id: m[3].trim(), name: '', salts: [], brands: [] });
    else if (m[2] === 'name') out[out.length - 1].name = yamlScalar(m[3]);
    else out[out.length - 1][m[2] as 'salts' | 'brands'] = yamlList(m[3]);
  }
  return out;
}

/**
 * Ingredient ids and names (compact keys of name, synonyms, salts, brands) defined, and all words used, by the other
 * knowledge files (to keep referenced ids stable, and to drop an entry whose name a curated file now gives its drug).
 */
function otherKnowledge(root: string, self: string): { defined: Set<string>; names: Set<string>; text: string } {
  const defined = new Set<string>();
  const names = new Set<string>();
  let text = '';
  const walk = (dir: string) => {
    for (const f of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, f.name);
      if (f.isDirectory()) walk(p);
      else if (f.name.endsWith('.yaml') && resolve(p) !== resolve(self)) {
        const t = readFileSync(p, 'utf8');
        text += `\n${t}`;
        if (basename(dir) !== 'ingredients') continue;
        for (const m of t.matchAll(/^- id: *([a-z0-9-]+)/gm)) defined.add(m[1]);
        for (const m of t.matchAll(/^(?:- | {2})name: (.*)$/gm)) names.add(compactKey(yamlScalar(m[1])));
        for (const m of t.matchAll(/^ {2}(?:synonyms|salts|brands): (\[.*\])\s*$/gm)) for (const n of yamlList(m[1])) names.add(compactKey(n));
      }
    }
  };
  walk(root);
  return { defined, names, text };
}

/** The compiled pack without the brands of its names-only ingredients (what names are screened against). */
function withoutNamesOnlyBrands(doc: ReturnType<typeof readCompiledKb>): KnowledgeBase {
  return buildKnowledgeBase({ ...doc, ingredients: doc.ingredients.map((i) => (i.reviewed === false ? { ...i, brands: [] } : i)) });
}

function resolvedKey(resolver: DrugResolver, name: string): string | undefined {
  const r = resolver.resolve(name);
  if (r.status === 'ambiguous') return 'ambiguous';
  if (r.status !== 'resolved') return undefined;
  return r.ingredients.length === 1 ? r.ingredients[0].id : `product:${r.ingredients.map((i) => i.id).join('+')}`;
}

async function main(): Promise<number> {
  const input = GeneratorInputReader.args(process.argv.slice(2), 'fda-names');
  if ('error' in input) {
    process.stderr.write(input.error);
    return 2;
  }
  const { dir, out, vocabFile } = input;
  const doc = readCompiledKb(CURATED_KB_PATH);
  const base: KnowledgeBase = buildKnowledgeBase(doc);
  // Brands an earlier run gave to names-only drugs must not decide this run (else a brand that resolves to its own
  // entry only because it is already listed stays, and one that does not is dropped: the output would alternate).
  // One resolver on that pack screens both combination strings and brands.
  const resolver = new DrugResolver(withoutNamesOnlyBrands(doc));
  const files = ['Products.txt', 'MarketingStatus.txt', 'MarketingStatus_Lookup.txt'].map((f) => join(dir, f));
  const r = await importSource({ format: 'drugs-at-fda', files }, base);
  if (!r.ok) {
    process.stderr.write(`import failed: ${r.errors.map((e) => `${e.file}:${e.line} ${e.message}`).join('; ')}\n`);
    return 1;
  }
  const knowledge = otherKnowledge(dirname(dirname(resolve(out))), out);

  // Entries: the file's own (minus those now defined elsewhere), plus Drugs@FDA ingredients new to the pack.
  // Entries an older rule named by a fragment of their substance ("nitric" for nitric oxide) are split first; an entry
  // with a name a curated file now gives its drug ("mycophenolic sodium", a salt of mycophenolic acid) counts as moved.
  const { entries: repaired, split } = splitFragmentNames(readEntries(out));
  const namedElsewhere = (e: Entry) => [e.name, ...e.salts].some((n) => knowledge.names.has(compactKey(n)));
  const previous = repaired.filter((e) => !namedElsewhere(e));
  const moved = previous.filter((e) => knowledge.defined.has(e.id));
  const renamedElsewhere = repaired.filter(namedElsewhere);
  const isCombination = (id: string, name: string) => combinationOfKnownDrugs(resolver, id, name);
  const misSplit = previous.filter((e) => !knowledge.defined.has(e.id) && isCombination(e.id, e.name));
  const entries: Entry[] = previous.filter((e) => !knowledge.defined.has(e.id) && !isCombination(e.id, e.name)).map((e) => ({ ...e, brands: [] }));
  const ownIds = new Set(entries.map((e) => e.id));
  // A name must point at one drug: an entry with a name or salt the pack (or an earlier entry) already uses is a
  // mis-split combination ("ELAGOLIX SODIUM,ESTRADIOL,…") or a variant of a known substance, and is left out.
  const taken = new Set<string>();
  const isTaken = (n: string) => taken.has(compactKey(n)) || (base.names.exact(compactKey(n)) !== undefined && !ownIds.has(base.names.exact(compactKey(n))!.target.id));
  let leftOut = 0;
  for (const e of entries) for (const n of [e.id, e.name, ...e.salts]) taken.add(compactKey(n));
  const fresh = r.doc.ingredients.filter((i) => base.ingredient(i.id) === undefined && NAME_ID_RE.test(i.id)).sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const i of fresh) {
    const names = [i.id.replace(/-/g, ' '), i.name, ...i.salts];
    if (names.some(isTaken) || names.some((n) => /,\S/.test(n)) || isCombination(i.id, i.name)) {
      leftOut++;
      continue;
    }
    for (const n of names) taken.add(compactKey(n));
    entries.push({ id: i.id, name: i.name, salts: [...i.salts], brands: [] });
  }

  // 1. Active-moiety names.
  const dbRows = GeneratorInputReader.drugbankNames(vocabFile);
  const dbKeys = new Set(dbRows.flat().map((n) => compactKey(n)));
  const namer = new ActiveMoietyNamer((n) => dbKeys.has(compactKey(n)) || base.names.exact(compactKey(n)) !== undefined);
  const renamed: string[] = [];
  const keptNames: string[] = [];
  const byId = new Map(entries.map((e) => [e.id, e]));
  const idMap = new Map<string, string>();
  for (const e of [...entries]) {
    const m = namer.moiety(e.name);
    if (!m) continue;
    const id = IngredientLinker.slug(m.name);
    const owner = base.names.exact(compactKey(m.name));
    const referenced = new RegExp(`(^|[^a-z0-9-])${e.id}($|[^a-z0-9-])`).test(knowledge.text);
    const target = byId.get(id);
    if (referenced) keptNames.push(`${e.name}: id "${e.id}" is referenced by another knowledge file`);
    else if (owner && owner.target.id !== e.id && !ownIds.has(owner.target.id)) keptNames.push(`${e.name}: "${m.name}" is a name of ${owner.target.display} (add the salt there)`);
    else if (target && target !== e) {
      // The moiety is already an entry ("nicotine polacrilex" → nicotine): one drug, one entry.
      target.salts = [...new Set([...target.salts, ...e.salts, e.name])];
      entries.splice(entries.indexOf(e), 1);
      idMap.set(e.id, target.id);
      renamed.push(`${e.name} → ${target.name} (merged, ${m.rule})`);
    } else {
      byId.delete(e.id);
      idMap.set(e.id, id);
      renamed.push(`${e.name} → ${m.name} (${m.rule})`);
      e.salts = [...new Set([...e.salts, e.name])];
      e.id = id;
      e.name = m.name;
      byId.set(id, e);
    }
  }

  // 2. Brands.
  // The Drugs@FDA strings of a split entry link to its old id in the pack this run reads: each goes to its own part.
  const splitPart = new Map<string, string>();
  for (const e of entries) for (const n of [e.name, ...e.salts]) splitPart.set(compactKey(n), e.id);
  const idOfPart = (part: string, id: string): string => {
    const parts = split.get(id);
    if (parts === undefined) return idMap.get(id) ?? id;
    const own = splitPart.get(compactKey(part));
    return own !== undefined && parts.includes(own) ? own : parts[0];
  };
  const namesOnly = new Set(entries.map((e) => e.id));
  const neighbours = new SpellingNeighbourIndex();
  const entryOfKey = new Map<string, string>();
  for (const e of entries) for (const n of [e.id, e.name, ...e.salts]) entryOfKey.set(compactKey(n), e.id);
  for (const e of entries) for (const n of [e.id, e.name, ...e.salts]) neighbours.add(compactKey(n), e.id);
  for (const ing of base.ingredients) {
    // A split entry's old id (still in the pack this run reads) names the same substances as its parts.
    if (namesOnly.has(ing.id) || split.has(ing.id)) continue;
    for (const n of [ing.id, ing.name, ...ing.synonyms, ...ing.salts, ...ing.brands]) neighbours.add(compactKey(n), ing.id);
  }
  for (const p of base.products) neighbours.add(compactKey(p.name), `product:${p.id}`);
  for (const row of dbRows) {
    const keys = row.map((n) => compactKey(n));
    const own = keys.map((k) => entryOfKey.get(k) ?? base.names.exact(k)?.target.id).find((x) => x !== undefined);
    for (const k of keys) neighbours.add(k, own ?? `drugbank:${row[0]}`);
  }
  // Every Drugs@FDA product name belongs to its ingredient set; words that qualify product names ("forte") to nobody.
  const products = new DrugsAtFdaProductsReader().read(dir);
  const linksByPart = new Map(r.links.map((l) => [l.source, l.ingredientId]));
  for (const p of products) {
    const set = [
      ...new Set(
        p.parts.map((x) => {
          const id = linksByPart.get(x);
          return id === undefined ? x : idOfPart(x, id);
        }),
      ),
    ]
      .sort()
      .join('+');
    neighbours.add(compactKey(p.drugName.replace(/\s[\d.,/%-]+\S*$/, '')), set.includes('+') || !namesOnly.has(set) ? `fda:${set}` : set);
  }
  for (const w of QUALIFIER_WORDS) neighbours.add(w, 'qualifier');
  const selector = new NamesOnlyBrandSelector({
    ingredientOf: (part) => {
      const id = linksByPart.get(part);
      return id === undefined ? undefined : idOfPart(part, id);
    },
    resolve: (name) => {
      const k = resolvedKey(resolver, name);
      return k === undefined ? undefined : (split.get(k)?.[0] ?? idMap.get(k) ?? k);
    },
    neighbours,
  });
  const { brands, skipped } = selector.select(products, namesOnly);
  for (const e of entries) e.brands = brands.get(e.id) ?? [];

  entries.sort((a, b) => (a.id < b.id ? -1 : 1));
  const lines = [
    '# GENERATED by packages/kb-import/src/tools/fda-names.cli.ts from Drugs@FDA (Products.txt, MarketingStatus.txt;',
    '# US Government work, public domain): active ingredients of marketed products that the curated pack does not',
    '# know yet. NAMES ONLY: no rules, classes or roles; `reviewed: false` makes every check that contains one say that',
    '# its interactions have not been reviewed. To review one, move it to a curated file with its facts and rules.',
    '# Names carry the active moiety (the Drugs@FDA salt string is a salt form); brands are those of prescription',
    '# products with this drug as their only ingredient that no other drug name is (or is a spelling neighbour of).',
    '# Do not edit by hand; re-generate after the curated pack gains an ingredient.',
    '',
  ];
  for (const e of entries) {
    lines.push(`- id: ${e.id}`);
    lines.push(`  name: ${GeneratedYamlFormatter.scalar(e.name)}`);
    const salts = [...new Set(e.salts)].filter((s) => compactKey(s) !== compactKey(e.name)).sort();
    if (salts.length > 0) lines.push(`  salts: [${salts.map((n) => GeneratedYamlFormatter.scalar(n)).join(', ')}]`);
    if (e.brands.length > 0) lines.push(`  brands: [${e.brands.map((n) => GeneratedYamlFormatter.scalar(n)).join(', ')}]`);
    lines.push('  reviewed: false');
  }
  writeFileSync(out, `${lines.join('\n')}\n`);
  const byReason = new Map<string, number>();
  for (const s of skipped) byReason.set(s.reason, (byReason.get(s.reason) ?? 0) + 1);
  const brandCount = [...brands.values()].reduce((n, b) => n + b.length, 0);
  const say = (s: string) => process.stdout.write(`${s}\n`);
  say(`${entries.length} names-only ingredients → ${out}`);
  say(
    `  kept from the file: ${previous.length - moved.length - misSplit.length} (${moved.length} now defined by another file; ${renamedElsewhere.length} now named by another file${renamedElsewhere.map((e) => ` [${e.id}]`).join('')}; ${misSplit.length} mis-split combinations dropped); added from Drugs@FDA: ${entries.length - (previous.length - moved.length - misSplit.length) + renamed.filter((x) => x.includes('merged')).length} (${leftOut} left out: a name already taken or a mis-split combination)`,
  );
  say(`  fragment names split into whole substance names: ${split.size}`);
  for (const [id, parts] of split) say(`    ${id} → ${parts.join(', ')}`);
  say(`  renamed to the active moiety: ${renamed.length}`);
  for (const x of renamed) say(`    ${x}`);
  say(`  salt names kept (listed for review): ${keptNames.length}`);
  for (const x of keptNames) say(`    ${x}`);
  say(`  brands added: ${brandCount} to ${brands.size} ingredients; skipped: ${skipped.length} (${[...byReason].map(([k, n]) => `${k} ${n}`).join(', ')})`);
  if (process.env.FDA_NAMES_VERBOSE) for (const s of skipped) say(`    skipped ${s.brand} (${s.ingredientId}): ${s.reason}: ${s.detail}`);
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  },
);
