#!/usr/bin/env node
import type { DrugResolution, Severity } from '@vigil/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { InteractionEngine } from '../engine/interaction.engine';
import { CURATED_KB_PATH, loadCuratedKb } from '../kb/kb.loader';
import type { KnowledgeBase } from '../kb/knowledge-base';
import { severityRank } from '../model/kb-vocabulary';
import { parseCsvRecords } from './csv.reader';
import {
  coverageMetric,
  distinctPairs,
  expandGroups,
  formatTable,
  meetsTarget,
  mergeCounts,
  pairMetric,
  percent,
  topCounts,
  type CoverageMetric,
  type PairCase,
  type PairMetric,
  type PairVerdict,
} from './kb-metrics';

/** Repository root seen from dist/eval (or src/eval). */
const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');
const USAGE = 'usage: eval-kb [--json] [--kb <compiled.json>] [--data <shared/data dir>] [--top <n>]';

interface Args {
  json: boolean;
  kb?: string;
  data: string;
  top: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { json: false, data: join(REPO_ROOT, '..', 'shared', 'data'), top: 15 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') args.json = true;
    else if (a === '--kb') args.kb = argv[++i];
    else if (a === '--data') args.data = argv[++i];
    else if (a === '--top') args.top = Number(argv[++i]);
    else if (a === '--help' || a === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else throw new Error(`unknown argument ${a}\n${USAGE}`);
  }
  return args;
}

function records(file: string, delimiter = ','): Record<string, string>[] {
  const buf = readFileSync(file);
  return parseCsvRecords((file.endsWith('.gz') ? gunzipSync(buf) : buf).toString('utf8'), delimiter);
}

/** Resolves names once and judges pairs with the real engine. */
class PairJudge {
  private readonly cache = new Map<string, DrugResolution>();
  private readonly engine = new InteractionEngine();

  constructor(private readonly kb: KnowledgeBase) {}

  resolution(name: string): DrugResolution {
    const key = name.trim().toLowerCase();
    let r = this.cache.get(key);
    if (!r) {
      r = this.engine.resolverFor(this.kb).resolve(name);
      this.cache.set(key, r);
    }
    return r;
  }

  resolves = (name: string): boolean => this.resolution(name).status === 'resolved';

  judge = (c: PairCase): PairVerdict => {
    const ra = this.resolution(c.a);
    const rb = this.resolution(c.b);
    const unresolved = [ra, rb].filter((r) => r.status !== 'resolved').map((r) => r.input);
    if (unresolved.length > 0) return { unresolved, severity: null };
    const ia = ra.ingredients.map((i) => i.id).sort().join('+');
    const ib = rb.ingredients.map((i) => i.id).sort().join('+');
    if (ia === ib) return { unresolved: [], sameDrug: true, severity: null };
    const result = this.engine.checkResolved(this.kb, [{ ...ra, index: 0 }, { ...rb, index: 1 }], { include: [] });
    let severity: Severity | null = null;
    for (const f of result.interactions) {
      const idx = new Set(f.participants.map((p) => p.index));
      if (!idx.has(0) || !idx.has(1)) continue;
      if (severity === null || severityRank(f.severity) < severityRank(severity)) severity = f.severity;
    }
    return { unresolved: [], severity };
  };
}

interface MetricRow {
  id: string;
  label: string;
  metric: PairMetric;
  target?: { atLeast?: number; atMost?: number };
}

function main(): number {
  const args = parseArgs(process.argv.slice(2));
  const gt = join(args.data, 'ddi-ground-truth');
  if (!existsSync(gt)) {
    process.stderr.write(`ground-truth data not found at ${gt} (expected ../shared/data next to the repository; use --data)\n`);
    return 2;
  }
  const kb = loadCuratedKb(args.kb ? { path: resolve(args.kb) } : {});
  const judge = new PairJudge(kb);

  const oncPairsRows = records(join(gt, 'onc_high_priority_pairs_drugbank.csv'));
  const oncGroupRows = records(join(gt, 'onc_high_priority_groups.csv'));
  const niPairsRows = records(join(gt, 'onc_non_interruptive_pairs_drugbank.csv'));
  const niGroupRows = records(join(gt, 'onc_non_interruptive_groups.csv'));
  const pddi = records(join(gt, 'pddi_public_sources_subset.csv.gz'));

  const oncPairs = distinctPairs(oncPairsRows.map((r) => ({ a: r.object_drug, b: r.precipitant_drug })));
  const oncGroups = expandGroups(oncGroupRows.map((r) => ({ group: r.group_id, role: r.role, drug: r.drug })));
  const ndfrtAll = pddi.filter((r) => r.source === 'NDF-RT');
  const ndfrtCritical = distinctPairs(ndfrtAll.filter((r) => r.severity === 'Critical').map((r) => ({ a: r.object_name, b: r.precipitant_name })));
  const niPairs = distinctPairs(niPairsRows.map((r) => ({ a: r.object_drug, b: r.precipitant_drug })));
  const frenchCi = distinctPairs(pddi.filter((r) => r.source === 'FrenchDB' && r.severity === 'CI').map((r) => ({ a: r.object_name, b: r.precipitant_name })));

  const coverage: Record<string, CoverageMetric> = {
    'onc-high-priority': coverageMetric([...oncPairsRows.flatMap((r) => [r.object_drug, r.precipitant_drug]), ...oncGroupRows.map((r) => r.drug)], judge.resolves),
    'onc-non-interruptive': coverageMetric([...niPairsRows.flatMap((r) => [r.object_drug, r.precipitant_drug]), ...niGroupRows.map((r) => r.drug)], judge.resolves),
    'ndf-rt': coverageMetric(ndfrtAll.flatMap((r) => [r.object_name, r.precipitant_name]), judge.resolves),
  };

  const rows: MetricRow[] = [
    { id: 'onc-hp-pairs', label: 'ONC high-priority pairs ≥ major', metric: pairMetric(oncPairs, judge.judge, 'major'), target: { atLeast: 0.95 } },
    { id: 'onc-hp-groups', label: 'ONC high-priority groups ≥ major', metric: pairMetric(oncGroups, judge.judge, 'major'), target: { atLeast: 0.95 } },
    { id: 'ndf-rt-critical', label: 'NDF-RT Critical ≥ major', metric: pairMetric(ndfrtCritical, judge.judge, 'major'), target: { atLeast: 0.85 } },
    { id: 'onc-non-interruptive', label: 'ONC non-interruptive ≥ major', metric: pairMetric(niPairs, judge.judge, 'major'), target: { atMost: 0.1 } },
    { id: 'french-ci', label: 'French CI ≥ major (2nd opinion)', metric: pairMetric(frenchCi, judge.judge, 'major') },
    { id: 'french-ci-any', label: 'French CI, any finding', metric: pairMetric(frenchCi, judge.judge, 'unknown') },
  ];

  // Spelling-correction audit: DrugBank names (real drugs) that the resolver only matched by correcting them.
  const vocabFile = join(args.data, 'drugbank-vocabulary', 'drugbank_vocabulary.csv');
  const fuzzyAccepts: { name: string; as: string; confidence: number }[] = [];
  let vocabSize = 0;
  if (existsSync(vocabFile)) {
    for (const r of records(vocabFile)) {
      const name = r['Common name'];
      if (!name || name.length > 40) continue;
      vocabSize++;
      const res = judge.resolution(name);
      if (res.status === 'resolved' && res.method === 'fuzzy') fuzzyAccepts.push({ name, as: res.ingredients.map((i) => i.name).join(' + '), confidence: res.confidence ?? 0 });
    }
  }

  const unresolved = new Map<string, number>();
  for (const r of rows.slice(0, 4)) mergeCounts(unresolved, r.metric.unresolvedNames);
  const missedOf = (id: string) => rows.find((r) => r.id === id)!.metric.missed;
  const topMissed = [...missedOf('onc-hp-pairs'), ...missedOf('ndf-rt-critical')]
    .filter((m, i, all) => all.findIndex((x) => x.a.toLowerCase() === m.a.toLowerCase() && x.b.toLowerCase() === m.b.toLowerCase()) === i)
    .slice(0, args.top);
  const niFlagged = niPairs
    .map((c) => ({ ...c, ...judge.judge(c) }))
    .filter((v) => v.unresolved.length === 0 && v.severity !== null && severityRank(v.severity) <= severityRank('major'))
    .slice(0, args.top);

  const stats = kb.counts();
  if (args.json) {
    const out = {
      kb: { version: kb.version, releasedAt: kb.releasedAt, path: args.kb ?? CURATED_KB_PATH, ...stats },
      coverage: Object.fromEntries(Object.entries(coverage).map(([k, c]) => [k, { total: c.total, resolved: c.resolved, share: c.share, unresolved: c.unresolved }])),
      metrics: Object.fromEntries(
        rows.map((r) => [
          r.id,
          {
            label: r.label,
            total: r.metric.total,
            resolvable: r.metric.resolvable,
            flagged: r.metric.flagged,
            share: r.metric.share,
            ...(r.target ? { target: r.target, meetsTarget: meetsTarget(r.metric.share, r.target) } : {}),
            missed: r.metric.missed.map((m) => ({ a: m.a, b: m.b, severity: m.severity })),
          },
        ]),
      ),
      topUnresolved: topCounts(unresolved, args.top).map(([name, pairs]) => ({ name, pairs, suggestions: judge.resolution(name).suggestions?.slice(0, 3) ?? [] })),
      topMissed: topMissed.map((m) => ({ a: m.a, b: m.b, severity: m.severity })),
      nonInterruptiveFlagged: niFlagged.map(({ a, b, severity }) => ({ a, b, severity })),
      fuzzyAudit: { vocabularyNames: vocabSize, fuzzyAccepted: fuzzyAccepts.length, examples: fuzzyAccepts.slice(0, 50) },
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }

  const lines: string[] = [];
  lines.push(`Vigil knowledge-base evaluation — ${kb.version} (${Object.entries(stats).map(([k, v]) => `${v} ${k}`).join(', ')})`);
  lines.push('');
  lines.push(
    formatTable([
      ['metric', 'value', 'n', 'target', ''],
      ...Object.entries(coverage).map(([k, c]) => [`resolver coverage: ${k} names`, percent(c.share), `${c.resolved}/${c.total}`, '', '']),
      ...rows.map((r) => {
        const t = r.target ? (r.target.atLeast !== undefined ? `≥ ${percent(r.target.atLeast)}` : `≤ ${percent(r.target.atMost!)}`) : '';
        const ok = r.target ? (meetsTarget(r.metric.share, r.target) ? 'ok' : 'MISS') : '';
        return [r.label, percent(r.metric.share), `${r.metric.flagged}/${r.metric.resolvable} resolvable of ${r.metric.total}`, t, ok];
      }),
      ['DrugBank names accepted only by spelling correction', String(fuzzyAccepts.length), `of ${vocabSize} names`, 'review', ''],
    ]),
  );
  lines.push('');
  lines.push(`Top unresolved names (pairs blocked) — a miss here is a resolver/name gap, not a rule gap:`);
  for (const [name, n] of topCounts(unresolved, args.top)) {
    const s = judge.resolution(name).suggestions?.slice(0, 2).map((x) => `${x.name} ${x.score}`).join(', ');
    lines.push(`  ${String(n).padStart(4)}  ${name}${s ? `   (suggest: ${s})` : ''}`);
  }
  lines.push('');
  lines.push('Top missed pairs (ONC high-priority, then NDF-RT Critical; resolvable but not flagged major or worse):');
  for (const m of topMissed) lines.push(`  ${m.a} + ${m.b}  → ${m.severity ?? 'no finding'}`);
  lines.push('');
  lines.push('ONC non-interruptive pairs flagged major or worse (possible over-alerting):');
  for (const m of niFlagged) lines.push(`  ${m.a} + ${m.b}  → ${m.severity}`);
  if (fuzzyAccepts.length > 0) {
    lines.push('');
    lines.push('Spelling corrections of real drug names (check none is a different drug; add the name as synonym or to the guard list):');
    for (const f of fuzzyAccepts.slice(0, args.top)) lines.push(`  ${f.name} → ${f.as} (${f.confidence})`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

try {
  process.exitCode = main();
} catch (e) {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exitCode = 1;
}
