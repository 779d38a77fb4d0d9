#!/usr/bin/env node
/**
 * Writes knowledge/products/fda-rx-combinations.yaml: combination brands of Drugs@FDA prescription products (US
 * Government work, public domain) whose ingredients the knowledge base knows, as combination products (brand →
 * ingredient ids), so a clinician who types "Biktarvy" or "Entresto" gets its ingredients checked (issue #11 items 6-7).
 *
 *   node dist/tools/fda-combinations.cli.js <shared/data/drugs-at-fda> <knowledge/products/fda-rx-combinations.yaml>
 *        [--vocabulary <shared/data/drugbank-vocabulary/drugbank_vocabulary.csv>]
 *
 * Run with the knowledge base built from the current files (`compile:kb`); the products an earlier run wrote to the
 * output file are left out of the pack the brands are screened against, so a re-run does not depend on the last one.
 * `CombinationBrandSelector` decides: every ingredient string must be one known ingredient by its name, a synonym or a
 * salt form (never a spelling correction); the brand must be carried by products of that one ingredient set only, be
 * marketed on prescription, not be the ingredient list, and be no name (nor a spelling neighbour of a name) of another
 * drug in the knowledge base, the other-names guard list, the DrugBank vocabulary (CC0; found next to the Drugs@FDA
 * directory unless `--vocabulary` is given) or another Drugs@FDA brand. Brands already in products.yaml are skipped;
 * brands left out by hand after review are in EXCLUSIONS below. Skipped brands are counted by reason
 * (`FDA_COMBINATIONS_VERBOSE=1` lists each).
 *
 * Only names and ingredient lists come from the files (facts, no text).
 */
import { CURATED_KB_PATH, DrugResolver, buildKnowledgeBase, compactKey, readCompiledKb, type KnowledgeBase } from '@vigil/engine';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { CombinationBrandSelector, type CombinationExclusion } from '../names/combination-brand.selector';
import { DrugsAtFdaProductsReader } from '../names/drugs-at-fda-products.reader';
import { QUALIFIER_WORDS } from '../names/names-only-brand.selector';
import { SpellingNeighbourIndex } from '../names/spelling-neighbour.index';
import { GeneratedYamlFormatter } from './generated-yaml.formatter';
import { GeneratorInputReader } from './generator-input.reader';

/** Brands left out by hand after reading the generated list (each with why). */
const EXCLUSIONS: readonly CombinationExclusion[] = [
  { brand: 'Balanced Salt', reason: 'a generic description (balanced salt solution), not a brand' },
  { brand: 'Phexxi', reason: 'its LACTIC ACID reads as ammonium lactate (a synonym the pack gives that drug), not the same ingredient' },
  { brand: 'Smoflipid', reason: 'its FISH OIL reads as omega-3-acid ethyl esters (a synonym the pack gives that drug), not fish oil triglycerides' },
];

/** Resolution methods that read an ingredient string deterministically (no spelling correction, no code, no brand). */
const INGREDIENT_METHODS: ReadonlySet<string> = new Set(['exact', 'synonym', 'salt']);

/** The compact keys of the product names a previous run wrote (its own fixed format). */
function previousNames(file: string): Set<string> {
  const out = new Set<string>();
  if (!existsSync(file)) return out;
  for (const m of readFileSync(file, 'utf8').matchAll(/^- name: (.*)$/gm)) {
    const t = m[1].trim();
    out.add(compactKey(t.startsWith('"') ? (JSON.parse(t) as string) : t));
  }
  return out;
}

function main(): number {
  const input = GeneratorInputReader.args(process.argv.slice(2), 'fda-combinations');
  if ('error' in input) {
    process.stderr.write(input.error);
    return 2;
  }
  const { dir, out, vocabFile } = input;
  const doc = readCompiledKb(CURATED_KB_PATH);
  const previous = previousNames(out);
  const kb: KnowledgeBase = buildKnowledgeBase({ ...doc, products: doc.products.filter((p) => !previous.has(compactKey(p.name))) });
  const resolver = new DrugResolver(kb);

  const neighbours = new SpellingNeighbourIndex();
  for (const ing of kb.ingredients) for (const n of [ing.id, ing.name, ...ing.synonyms, ...ing.salts, ...ing.brands]) neighbours.add(compactKey(n), ing.id);
  for (const p of kb.products) neighbours.add(compactKey(p.name), CombinationBrandSelector.setKey(p.ingredients));
  for (const n of doc.otherNames ?? []) neighbours.add(compactKey(n), `other:${n}`);
  for (const row of GeneratorInputReader.drugbankNames(vocabFile)) {
    const keys = row.map((n) => compactKey(n));
    const own = keys.map((k) => kb.names.exact(k)?.target.id).find((x) => x !== undefined);
    for (const k of keys) neighbours.add(k, own ?? `drugbank:${row[0]}`);
  }
  for (const w of QUALIFIER_WORDS) neighbours.add(w, 'qualifier');

  const selector = new CombinationBrandSelector(
    {
      ingredientOf: (part) => {
        const r = resolver.resolve(part);
        return r.status === 'resolved' && INGREDIENT_METHODS.has(r.method ?? '') && r.ingredients.length === 1 ? r.ingredients[0].id : undefined;
      },
      resolve: (name) => {
        const r = resolver.resolve(name);
        if (r.status === 'ambiguous') return 'ambiguous';
        return r.status === 'resolved' ? CombinationBrandSelector.setKey(r.ingredients.map((i) => i.id)) : undefined;
      },
      neighbours,
    },
    EXCLUSIONS,
  );
  const { products, skipped } = selector.select(new DrugsAtFdaProductsReader().read(dir));

  const lines = [
    '# GENERATED by packages/kb-import/src/tools/fda-combinations.cli.ts from Drugs@FDA (Products.txt, MarketingStatus.txt;',
    '# US Government work, public domain): brands of prescription combination products whose every ingredient the',
    '# knowledge base knows, mapped to those ingredients (format: knowledge/SCHEMA.md, "Combination product").',
    '# Only brands carried by one ingredient set, marketed on prescription, and neither a name nor a spelling neighbour',
    '# of another drug (knowledge base, other-names.txt, DrugBank vocabulary) are written. `site` is set when every',
    '# product of the brand has one non-systemic Drugs@FDA route (OPHTHALMIC, OTIC, TOPICAL, NASAL, INHALATION,',
    '# INTRAUTERINE). Hand-written combination',
    '# products stay in knowledge/products.yaml. Do not edit by hand: re-run after `compile:kb` (see the tool header),',
    '#   node packages/kb-import/dist/tools/fda-combinations.cli.js ../shared/data/drugs-at-fda knowledge/products/fda-rx-combinations.yaml',
    "# and put a brand that must not be generated in the tool's EXCLUSIONS list.",
    '',
  ];
  for (const p of products) {
    lines.push(`- name: ${GeneratedYamlFormatter.scalar(p.name)}`);
    lines.push(`  ingredients: [${p.ingredients.join(', ')}]`);
    if (p.site) lines.push(`  site: ${p.site}`);
  }
  writeFileSync(out, `${lines.join('\n')}\n`);
  const byReason = new Map<string, number>();
  for (const s of skipped) byReason.set(s.reason, (byReason.get(s.reason) ?? 0) + 1);
  const namesOnly = products.filter((p) => p.ingredients.some((i) => !kb.isReviewedId(i)));
  const say = (s: string) => process.stdout.write(`${s}\n`);
  say(`${products.length} combination products → ${out} (${namesOnly.length} with a names-only ingredient)`);
  say(
    `  skipped: ${skipped.length} (${[...byReason]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')})`,
  );
  if (process.env.FDA_COMBINATIONS_VERBOSE) for (const s of skipped) say(`    skipped ${s.brand}: ${s.reason}: ${s.detail}`);
  return 0;
}

process.exitCode = main();
