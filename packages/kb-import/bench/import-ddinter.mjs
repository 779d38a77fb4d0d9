// Benchmark: imports the eight DDInter per-ATC files against the curated knowledge base and prints elapsed time,
// peak RSS and the report's counts. Usage (after `pnpm --filter @vigil/engine build` and this package's build):
//   node bench/import-ddinter.mjs [DDINTER_DIR] [--json]
// Default DDINTER_DIR: ../shared/data/ddinter relative to the repository root (i.e. /work/shared/data/ddinter).
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const { CURATED_KB_PATH, buildKnowledgeBase, readCompiledKb } = require('@vigil/engine');
const { importSource } = require(join(here, '..', 'dist', 'index.js'));

const args = process.argv.slice(2);
const json = args.includes('--json');
const dir = resolve(args.find((a) => !a.startsWith('--')) ?? join(here, '..', '..', '..', '..', 'shared', 'data', 'ddinter'));
const files = readdirSync(dir)
  .filter((f) => /^ddinter_downloads_code_[A-Z]\.csv$/.test(f))
  .sort()
  .map((f) => join(dir, f));

const rssBefore = process.resourceUsage().maxRSS;
const curatedDoc = readCompiledKb(CURATED_KB_PATH);
const curated = buildKnowledgeBase(curatedDoc);
const t0 = process.hrtime.bigint();
const result = await importSource({ format: 'ddinter', files }, curated);
const importMs = Number(process.hrtime.bigint() - t0) / 1e6;
const importPeakRss = process.resourceUsage().maxRSS;
if (!result.ok) {
  console.error(JSON.stringify(result.errors.slice(0, 20), null, 2));
  process.exit(1);
}
const t1 = process.hrtime.bigint();
// The caller stores the document as JSON: measure that too (it dominates the peak RSS, not the import).
const bytes = Buffer.byteLength(JSON.stringify(result.doc));
const serialiseMs = Number(process.hrtime.bigint() - t1) / 1e6;
const t2 = process.hrtime.bigint();
const merged = buildKnowledgeBase([curatedDoc, result.doc], { sourcePrecedence: ['vigil-curated', 'ddinter'] });
const mergeMs = Number(process.hrtime.bigint() - t2) / 1e6;
const r = result.report;
const out = {
  files: files.length,
  importMs: Math.round(importMs),
  importPeakRssMiB: Math.round(importPeakRss / 1024),
  peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  rssBeforeMiB: Math.round(rssBefore / 1024),
  docBytes: bytes,
  serialiseMs: Math.round(serialiseMs),
  mergeAndIndexMs: Math.round(mergeMs),
  mergedIngredients: merged.ingredients.length,
  mergedRules: merged.rules.length,
  rowsRead: r.rowsRead,
  pairs: r.pairs,
  drugs: r.drugs,
  rules: r.rules,
  duplicatesMerged: r.duplicatesMerged,
  severityConflicts: r.severityConflicts,
  pairsFoldedByLinking: r.pairsFoldedByLinking,
  selfPairsAfterLinking: r.selfPairsAfterLinking,
  rejected: r.rejected.length,
  linkedIngredients: r.linkedIngredients,
  newIngredients: r.newIngredients,
  linkedBy: r.linkedBy,
  severityCounts: r.severityCounts,
  version: result.doc.version,
};
if (json) console.log(JSON.stringify(out));
else for (const [k, v] of Object.entries(out)) console.log(`${k.padEnd(22)} ${typeof v === 'object' ? JSON.stringify(v) : v}`);
