#!/usr/bin/env node
/**
 * Resolves a fixed vocabulary of drug names with the built curated knowledge base and writes one line per name
 * (`name <TAB> status <TAB> method <TAB> ingredient ids`), or compares two such snapshots. Used to show that a
 * regenerated names file only ADDS resolutions (a name that resolved before resolves to the same drug after).
 *
 *   node dist/tools/resolution-snapshot.cli.js snapshot <shared/data> <out.tsv>
 *   node dist/tools/resolution-snapshot.cli.js diff <before.tsv> <after.tsv>
 *
 * Names: DrugBank vocabulary common names and synonyms, the ClinCalc top-300 and PTCB top-200 lists (brands and
 * generics), the brand seeds, the SafeMed name list, and Drugs@FDA product and ingredient names. Nothing is copied
 * into the repository; the snapshots stay outside it.
 */
import { DrugResolver, loadCuratedKb } from '@vigil/engine';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CsvParser } from '../csv/csv.parser';

function vocabulary(data: string): string[] {
  const names = new Set<string>();
  const add = (s: string | undefined) => {
    const t = (s ?? '').trim();
    if (t !== '' && t.length <= 80) names.add(t);
  };
  const db = join(data, 'drugbank-vocabulary/drugbank_vocabulary.csv');
  const { records } = CsvParser.parse(readFileSync(db, 'utf8'));
  for (const r of records.slice(1)) {
    add(r.fields[2]);
    for (const s of (r.fields[5] ?? '').split(' | ')) add(s);
  }
  const common = join(data, 'common-drugs');
  const tsv = (f: string) =>
    readFileSync(join(common, f), 'utf8')
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'));
  for (const [, ings] of tsv('clincalc_top300_2023.tsv')) for (const s of (ings ?? '').split(';')) add(s);
  for (const [, g] of tsv('clincalc_top300_2023_generics.tsv')) add(g);
  for (const [b, g] of tsv('drug_brand_seeds.tsv')) {
    add(b);
    add(g);
  }
  for (const r of CsvParser.parse(readFileSync(join(common, 'ptcb_top200_2022.csv'), 'utf8')).records.slice(1)) {
    for (const s of [...(r.fields[1] ?? '').split('|'), ...(r.fields[2] ?? '').split('|')]) add(s);
  }
  for (const l of readFileSync(join(common, 'safemed_medication_names.txt'), 'utf8').split('\n')) add(l);
  const products = join(data, 'drugs-at-fda/Products.txt');
  if (existsSync(products)) {
    for (const l of readFileSync(products, 'utf8').split('\n').slice(1)) {
      const f = l.split('\t');
      add(f[5]);
      for (const s of (f[6] ?? '').split(';')) add(s);
    }
  }
  return [...names].sort();
}

function snapshot(data: string, out: string): void {
  const kb = loadCuratedKb();
  const resolver = new DrugResolver(kb);
  const lines: string[] = [];
  for (const name of vocabulary(data)) {
    const r = resolver.resolve(name);
    const ids = r.status === 'resolved' ? r.ingredients.map((i) => i.id).join('+') : '';
    lines.push([name.replace(/\t/g, ' '), r.status, r.method ?? '', ids].join('\t'));
  }
  writeFileSync(out, `${lines.join('\n')}\n`);
  process.stdout.write(`${lines.length} names resolved → ${out}\n`);
}

function read(file: string): Map<string, { status: string; method: string; ids: string }> {
  const m = new Map<string, { status: string; method: string; ids: string }>();
  for (const l of readFileSync(file, 'utf8').split('\n')) {
    if (l === '') continue;
    const [name, status, method, ids] = l.split('\t');
    m.set(name, { status, method, ids });
  }
  return m;
}

/** Before → after: added (newly resolved), renamed (same names-only entry under a new id), changed, lost. */
function diff(beforeFile: string, afterFile: string): number {
  const before = read(beforeFile);
  const after = read(afterFile);
  const kb = loadCuratedKb();
  const counts: Record<string, number> = { same: 0, added: 0, renamed: 0, changed: 0, lost: 0 };
  const shown: Record<string, string[]> = { added: [], renamed: [], changed: [], lost: [] };
  for (const [name, b] of before) {
    const a = after.get(name);
    if (!a) continue;
    let kind: string;
    if (b.status === a.status && b.ids === a.ids) kind = 'same';
    else if (b.status !== 'resolved' && a.status === 'resolved') kind = 'added';
    else if (b.status === 'resolved' && a.status !== 'resolved') kind = 'lost';
    else if (b.status === 'resolved' && b.ids.split('+').every((id) => kb.ingredient(id) === undefined) && a.ids.split('+').every((id) => !kb.isReviewedId(id))) kind = 'renamed';
    else if (b.status !== 'resolved' && a.status !== 'resolved') kind = 'same';
    else kind = 'changed';
    counts[kind]++;
    if (kind !== 'same') shown[kind].push(`${name}: ${b.status} ${b.method} ${b.ids} → ${a.status} ${a.method} ${a.ids}`);
  }
  process.stdout.write(`${JSON.stringify(counts)}\n`);
  for (const kind of ['lost', 'changed', 'renamed', 'added']) {
    process.stdout.write(`\n## ${kind} (${shown[kind].length})\n${shown[kind].join('\n')}\n`);
  }
  return counts.lost + counts.changed > 0 ? 1 : 0;
}

const [mode, x, y] = process.argv.slice(2);
if (mode === 'snapshot' && x && y) snapshot(x, y);
else if (mode === 'diff' && x && y) process.exitCode = diff(x, y);
else {
  process.stderr.write('usage: resolution-snapshot snapshot <shared/data> <out.tsv> | diff <before.tsv> <after.tsv>\n');
  process.exitCode = 2;
}
