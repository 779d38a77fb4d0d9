#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CURATED_KB_PATH, loadCuratedKb } from '../kb/kb.loader';
import { KbEvaluation } from './kb.evaluation';
import { formatTable, meetsTarget, percent, topCounts } from './kb-metrics';

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

function targetText(t?: { atLeast?: number; atMost?: number }): string {
  if (!t) return '';
  return t.atLeast !== undefined ? `≥ ${percent(t.atLeast)}` : `≤ ${percent(t.atMost!)}`;
}

function main(): number {
  const args = parseArgs(process.argv.slice(2));
  const gt = join(args.data, 'ddi-ground-truth');
  if (!existsSync(gt)) {
    process.stderr.write(`ground-truth data not found at ${gt} (expected ../shared/data next to the repository; use --data)\n`);
    return 2;
  }
  const kb = loadCuratedKb(args.kb ? { path: resolve(args.kb) } : {});
  const evaluation = new KbEvaluation(kb, args.data);
  const judge = evaluation.judge;
  const report = evaluation.run();
  const { coverage, rows, unresolved, siblings, fuzzyAudit, typoAudit } = report;
  const unexplained = siblings.filter((d) => !d.explained);

  const missedOf = (id: string) => rows.find((r) => r.id === id)!.metric.missed;
  const topMissed = [...missedOf('onc-hp-pairs'), ...missedOf('ndf-rt-critical')]
    .filter((m, i, all) => all.findIndex((x) => x.a.toLowerCase() === m.a.toLowerCase() && x.b.toLowerCase() === m.b.toLowerCase()) === i)
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
            unreviewed: r.metric.unreviewed,
            flagged: r.metric.flagged,
            share: r.metric.share,
            ...(r.target ? { target: r.target, meetsTarget: meetsTarget(r.metric.share, r.target) } : {}),
            missed: r.metric.missed.map((m) => ({ a: m.a, b: m.b, severity: m.severity })),
          },
        ]),
      ),
      usMarket: {
        rows: Object.fromEntries(
          report.usMarketRows.map((u) => [
            u.id,
            {
              label: u.label,
              of: u.of,
              reported: true,
              setAsidePairs: u.split.pairs,
              missedInvolving: u.split.missed,
              total: u.split.rest.total,
              resolvable: u.split.rest.resolvable,
              unreviewed: u.split.rest.unreviewed,
              flagged: u.split.rest.flagged,
              share: u.split.rest.share,
            },
          ]),
        ),
        drugsAtFdaCheck: report.usMarketCheck,
      },
      randomSample: report.randomSample,
      fdaCoverage: report.fda ? { total: report.fda.total, resolved: report.fda.resolved, share: report.fda.share, unresolved: report.fda.unresolved.slice(0, 100) } : null,
      siblingCheck: { differences: siblings.length, unexplained: unexplained.length, list: siblings },
      topUnresolved: topCounts(unresolved, args.top).map(([name, pairs]) => ({ name, pairs, suggestions: judge.resolution(name).suggestions?.slice(0, 3) ?? [] })),
      topMissed: topMissed.map((m) => ({ a: m.a, b: m.b, severity: m.severity })),
      nonInterruptiveFlagged: report.nonInterruptiveFlagged,
      fuzzyAudit: {
        vocabularyNames: fuzzyAudit.vocabularyNames,
        fuzzyAccepted: fuzzyAudit.accepted.length,
        examples: fuzzyAudit.accepted.slice(0, 50),
        synonymNames: fuzzyAudit.synonymNames,
        synonymsIntoOtherDrug: fuzzyAudit.synonymsIntoOtherDrug.length,
        synonymExamples: fuzzyAudit.synonymsIntoOtherDrug.slice(0, 50),
      },
      typoAudit: {
        names: typoAudit.names,
        typos: typoAudit.typos,
        corrected: typoAudit.corrected,
        wrongDrug: typoAudit.wrongDrug.length,
        examples: typoAudit.wrongDrug.slice(0, 50),
      },
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }

  const lines: string[] = [];
  lines.push(
    `Vigil knowledge-base evaluation — ${kb.version} (${Object.entries(stats)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')})`,
  );
  lines.push('');
  lines.push(
    formatTable([
      ['metric', 'value', 'n', 'target', ''],
      ...Object.entries(coverage).map(([k, c]) => [`resolver coverage: ${k} names`, percent(c.share), `${c.resolved}/${c.total}`, '', '']),
      ...(report.fda
        ? [
            [
              'resolver coverage: Drugs@FDA Rx ingredient names',
              percent(report.fda.share),
              `${report.fda.resolved}/${report.fda.total}`,
              '≥ 98.0%',
              report.fda.share >= 0.98 ? 'ok' : 'MISS',
            ],
          ]
        : []),
      ...rows.map((r) => {
        const ok = r.target ? (meetsTarget(r.metric.share, r.target) ? 'ok' : 'MISS') : '';
        const nr = r.metric.unreviewed > 0 ? ` (+${r.metric.unreviewed} not reviewed)` : '';
        return [r.label, percent(r.metric.share), `${r.metric.flagged}/${r.metric.resolvable} resolvable of ${r.metric.total}${nr}`, targetText(r.target), ok];
      }),
      ['class differences (sibling check), unexplained', String(unexplained.length), `of ${siblings.length} differences`, '0', unexplained.length === 0 ? 'ok' : 'MISS'],
      ['DrugBank names accepted only by spelling correction', String(fuzzyAudit.accepted.length), `of ${fuzzyAudit.vocabularyNames} names`, 'review', ''],
      ['DrugBank synonyms spelling-corrected into another drug', String(fuzzyAudit.synonymsIntoOtherDrug.length), `of ${fuzzyAudit.synonymNames} synonyms`, '0', ''],
      [
        'single-edit typos of top-300 names corrected into another drug',
        String(typoAudit.wrongDrug.length),
        `of ${typoAudit.typos} typos of ${typoAudit.names} names (${typoAudit.corrected} corrected)`,
        '0',
        typoAudit.wrongDrug.length === 0 ? 'ok' : 'MISS',
      ],
    ]),
  );
  lines.push(`(random sample: ${report.randomSample.size} pairs of ${report.randomSample.pool} top-300 names, seed ${report.randomSample.seed})`);
  lines.push('');
  lines.push('Drugs no longer marketed in the US (reported, no target; the rows above stay measured on the full lists):');
  lines.push(
    formatTable([
      ['metric', 'value', 'n', 'set aside'],
      ...report.usMarketRows.map((u) => {
        const nr = u.split.rest.unreviewed > 0 ? ` (+${u.split.rest.unreviewed} not reviewed)` : '';
        return [
          u.label,
          percent(u.split.rest.share),
          `${u.split.rest.flagged}/${u.split.rest.resolvable} resolvable of ${u.split.rest.total}${nr}`,
          `${u.split.pairs} pairs with such a drug, ${u.split.missed} of the row's misses`,
        ];
      }),
    ]),
  );
  const mc = report.usMarketCheck;
  if (mc) {
    lines.push(
      `market-status facts checked against Drugs@FDA: ${mc.facts}; discontinued but still marketed there: ${mc.contradicted.length}${mc.contradicted.length ? ` (${mc.contradicted.map((c) => `${c.ingredientId}: ${c.marketed.slice(0, 3).join(', ')}`).join('; ')})` : ''}; withdrawn but still listed there (data lag, the FDA record decides): ${mc.withdrawnStillListed.map((c) => c.ingredientId).join(', ') || 'none'}; not in Drugs@FDA: ${mc.notInDrugsAtFda.join(', ') || 'none'}`,
    );
  }
  lines.push('');
  lines.push(`Top unresolved names (pairs blocked) — a miss here is a resolver/name gap, not a rule gap:`);
  for (const [name, n] of topCounts(unresolved, args.top)) {
    const s = judge
      .resolution(name)
      .suggestions?.slice(0, 2)
      .map((x) => `${x.name} ${x.score}`)
      .join(', ');
    lines.push(`  ${String(n).padStart(4)}  ${name}${s ? `   (suggest: ${s})` : ''}`);
  }
  lines.push('');
  lines.push('Top missed pairs (ONC high-priority, then NDF-RT Critical; resolvable but not flagged major or worse):');
  for (const m of topMissed) lines.push(`  ${m.a} + ${m.b}  → ${m.severity ?? 'no finding'}`);
  lines.push('');
  lines.push('ONC non-interruptive pairs flagged major or worse (possible over-alerting):');
  for (const m of report.nonInterruptiveFlagged.slice(0, args.top)) lines.push(`  ${m.a} + ${m.b}  → ${m.severity}`);
  lines.push('');
  lines.push('Unexplained class differences (members of one class, one partner; --json lists all):');
  for (const d of unexplained.slice(0, args.top)) {
    const by = Object.entries(d.bySeverity)
      .map(([m, s]) => `${m} ${s ?? '-'}`)
      .join(', ');
    lines.push(`  ${d.classId} × ${d.partner}: ${by}`);
  }
  if (fuzzyAudit.accepted.length > 0) {
    lines.push('');
    lines.push('Spelling corrections of real drug names (check none is a different drug; add the name as synonym or to the guard list):');
    for (const f of fuzzyAudit.accepted.slice(0, args.top)) lines.push(`  ${f.name} → ${f.as} (${f.confidence})`);
  }
  if (fuzzyAudit.synonymsIntoOtherDrug.length > 0) {
    lines.push('');
    lines.push('Synonyms spelling-corrected into another drug (regenerate the guard list: pnpm --filter @vigil/engine run guard:names):');
    for (const f of fuzzyAudit.synonymsIntoOtherDrug.slice(0, args.top)) lines.push(`  ${f.name} (${f.of}) → ${f.as}`);
  }
  if (typoAudit.wrongDrug.length > 0) {
    lines.push('');
    lines.push('Typos corrected into another drug (a name must never become the wrong drug):');
    for (const t of typoAudit.wrongDrug.slice(0, args.top)) lines.push(`  ${t.typo} (from ${t.of}) → ${t.as}`);
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
