#!/usr/bin/env node
/**
 * Drugs@FDA prescription ingredient-name coverage of the compiled curated knowledge base (issue #11 item 7).
 *
 *   node dist/eval/fda-coverage.cli.js [--data <shared/data>] [--kb <compiled.json>] [--json] [--top <n>]   (after a build)
 *
 * A name counts as resolved when the resolver maps it to ingredients deterministically; a spelling correction
 * (method `fuzzy`) does not count: an FDA name is spelled correctly, so a correction means the name is missing.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InteractionEngine } from '../engine/interaction.engine';
import { loadCuratedKb } from '../kb/kb.loader';
import { FdaCoverageMetric } from './fda-coverage.metric';

const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const dir = join(arg('--data') ?? join(REPO_ROOT, '..', 'shared', 'data'), 'drugs-at-fda');
const kbPath = arg('--kb');
const kb = loadCuratedKb(kbPath ? { path: resolve(kbPath) } : {});
const resolver = new InteractionEngine().resolverFor(kb);
const fuzzy: { name: string; as: string }[] = [];
const metric = new FdaCoverageMetric((name) => {
  const r = resolver.resolve(name);
  if (r.status === 'resolved' && r.method === 'fuzzy') fuzzy.push({ name, as: r.ingredients.map((i) => i.name).join(' + ') });
  return r.status === 'resolved' && r.method !== 'fuzzy';
});
const read = (f: string) => readFileSync(join(dir, f), 'latin1');
const result = metric.measure(
  FdaCoverageMetric.parseProducts(read('Products.txt')),
  FdaCoverageMetric.parseMarketingStatus(read('MarketingStatus.txt')),
  FdaCoverageMetric.prescriptionStatusId(FdaCoverageMetric.parseLookup(read('MarketingStatus_Lookup.txt'))),
);
const top = Number(arg('--top') ?? 40);
if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify({ kb: kb.version, target: FdaCoverageMetric.TARGET, ...result, fuzzy }, null, 2)}\n`);
} else {
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const lines = [
    `Drugs@FDA prescription ingredient names resolved: ${pct(result.share)} (${result.resolved}/${result.total}; target ≥ ${pct(FdaCoverageMetric.TARGET)}) — ${kb.version}`,
    `  ${result.prescriptionProducts} prescription products, ${result.distinctNames} distinct names, ${result.excluded.length} excluded`,
    `  unresolved (${result.unresolved.length}, by products): ${result.unresolved
      .slice(0, top)
      .map((u) => `${u.name} (${u.products})`)
      .join(', ')}`,
    ...(fuzzy.length
      ? [
          `  spelling-corrected, counted unresolved: ${fuzzy
            .slice(0, top)
            .map((f) => `${f.name} → ${f.as}`)
            .join(', ')}`,
        ]
      : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
