/**
 * Regenerates knowledge/other-names.txt: real drug names that are NOT in the knowledge base and must never be
 * spelling-corrected into a KB drug. Source: the DrugBank open vocabulary's common names (CC0), read from
 * ../shared/data beside the repository. Only names within two edits of a KB name are kept (no others can be
 * mis-corrected), plus the number-stripped form the resolver compares for names with numbers.
 *
 *   node dist/eval/build-guard-list.cli.js [--data <shared/data>] [--out <file>]   (run after a build)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InteractionEngine } from '../engine/interaction.engine';
import { CURATED_KB_PATH, buildKnowledgeBase, readCompiledKb } from '../kb/kb.loader';
import { compactKey, foldText, stripLevel2 } from '../text/name.normalizer';
import { parseCsvRecords } from './csv.reader';
import { SynonymAudit } from './synonym.audit';

const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');
function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const data = arg('--data', join(REPO_ROOT, '..', 'shared', 'data'));
const out = arg('--out', join(REPO_ROOT, 'knowledge', 'other-names.txt'));
// The KB as compiled, minus the current guard list: what the resolver would do without it.
const kb = buildKnowledgeBase({ ...readCompiledKb(CURATED_KB_PATH), otherNames: [] });
const resolver = new InteractionEngine().resolverFor(kb);
const near = (key: string) => key.length >= 3 && !kb.names.exact(key) && kb.names.withinDistance(key, 2).length > 0;

const guard = new Set<string>();
for (const r of parseCsvRecords(readFileSync(join(data, 'drugbank-vocabulary', 'drugbank_vocabulary.csv'), 'utf8'))) {
  const name = (r['Common name'] ?? '').trim().toLowerCase();
  if (!name) continue;
  const res = resolver.resolve(name);
  if (res.status === 'resolved' && res.method !== 'fuzzy') continue; // in the KB
  const key = compactKey(name);
  if (near(key)) guard.add(name);
  const words = stripLevel2(foldText(name));
  const stripped = words.join('');
  if (stripped !== key && stripped.length >= 5 && near(stripped) && res.method === 'fuzzy') guard.add(words.join(' '));
}
// Synonyms (other languages, old names, brands) that the resolver would spell-correct into a KB drug other than
// the one the row names: real names of a different drug ("adrenalona" is adrenalone, not adrenaline).
const synonyms = new SynonymAudit((name) => resolver.resolve(name));
for (const r of parseCsvRecords(readFileSync(join(data, 'drugbank-vocabulary', 'drugbank_vocabulary.csv'), 'utf8'))) {
  const listed = (r['Synonyms'] ?? '').split('|').map((x) => x.trim().toLowerCase());
  for (const c of synonyms.intoOtherDrug((r['Common name'] ?? '').trim(), listed).corrections) guard.add(c.name);
}
const header = [
  '# Guard list for compile-kb --other-names: real drug names NOT in the Vigil knowledge base, never to be spelling-corrected into a KB drug.',
  '# Derived mechanically from the DrugBank open vocabulary (CC0 1.0) "Common name" column, lower-cased, minus names that resolve to a KB ingredient;',
  '# plus "Synonyms" that spelling correction would turn into a KB drug other than the one their row names.',
  '# Kept: names within 2 edits of a KB name (plus the number-stripped form the resolver compares). Regenerate after a build: pnpm --filter @vigil/engine run guard:names',
];
writeFileSync(out, `${header.join('\n')}\n${[...guard].sort().join('\n')}\n`);
process.stdout.write(`${guard.size} guarded names written to ${out}\n`);
