// `npm run bench`: throughput and latency of the real API against bare Fastify returning the same JSON,
// all in one run on this machine, reported as ratios (absolute numbers swing with machine load).
// Needs PostgreSQL (DATABASE_URL, default the local server) and uses Redis at REDIS_URL (default local) if it answers.
import { fork, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDataSource } from '@vigil/db';
import { withDatabase } from '@vigil/db/testing';
import { freePort, seedKey as seedTestKey, spawnApp, withPgClient } from '@vigil/testing';
import { describeLoad, pinSelf, pinServer, runLoad } from './load.mjs';
import { VigilClient } from '@vigil/client';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '..', '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const children = [];

const sql = (url, text, params) => withPgClient(url, async (c) => (await c.query(text, params)).rows);

/** The built API as its own process, as production runs it (shared with the e2e tests), pinned when pinning is on. */
/** The plans of every benchmarked API: the built-in two plus one whose monthly quota no benchmark exhausts. */
const BENCH_PLANS = JSON.stringify([
  { id: 'free', name: 'Free', rateLimit: { limit: 60, windowSeconds: 60 }, monthlyQuota: 10_000, maxKeys: 3 },
  { id: 'pro', name: 'Pro', rateLimit: { limit: 600, windowSeconds: 60 }, monthlyQuota: 1_000_000, maxKeys: 25 },
  { id: 'bench', name: 'Benchmark', rateLimit: { limit: 1_000_000_000, windowSeconds: 60 }, monthlyQuota: 1_000_000_000_000, maxKeys: 1000 },
]);

async function startApi(env) {
  const api = await spawnApp('api', { LOG_LEVEL: 'warn', NODE_ENV: 'production', VIGIL_PLANS: BENCH_PLANS, ...env });
  children.push({ kill: () => void api.stop() });
  pinServer(api.pid);
  return api.url;
}

async function startServer(kind, body) {
  const port = await freePort();
  const child = fork(join(here, 'servers.mjs'), [kind, String(port), JSON.stringify(body)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  children.push(child);
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code})`)));
  });
  pinServer(child.pid);
  return `http://127.0.0.1:${port}`;
}

const load = (url, opts) => runLoad(url, { connections: CONNECTIONS, duration: DURATION, ...opts });

async function measure(label, url, opts) {
  await load(url, { ...opts, duration: 1 }); // warm-up
  return { label, ...(await load(url, opts)) };
}

async function redisAnswers() {
  try {
    const { Redis } = await import('ioredis');
    const r = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
    await r.connect();
    await r.ping();
    r.disconnect();
    return true;
  } catch {
    return false;
  }
}

export async function setupDatabase() {
  const name = `vigil_bench_${Date.now().toString(36)}`;
  await sql(adminUrl, `CREATE DATABASE "${name}"`);
  const url = withDatabase(adminUrl, name);
  const ds = createDataSource({ url, poolSize: 1 });
  await ds.initialize();
  await ds.runMigrations({ transaction: 'all' });
  await ds.destroy();
  return { name, url, drop: () => sql(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** A key with every public scope, a limit and a monthly quota the load never reaches. */
export async function seedKey(url) {
  return (await seedTestKey(url, { rateLimit: { limit: 1_000_000_000, windowSeconds: 60 }, plan: 'bench' })).key;
}

// p99 on this machine has rare multi-millisecond hiccups (seen on bare Fastify too): 5 rounds, medians.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/**
 * Runs every configuration ROUNDS times, interleaved (A B C … A B C …), and reports per configuration the median
 * req/s and the median of its per-round ratio to bare Fastify in the same round: robust to a noisy machine.
 */
async function interleaved(configs) {
  const perRound = [];
  for (let round = 0; round < ROUNDS; round++) {
    const rows = [];
    for (const c of configs) rows.push(await measure(c.label, c.url, c.opts));
    perRound.push(rows);
  }
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)];
  };
  return configs.map((c, i) => ({
    label: c.label,
    rps: median(perRound.map((r) => r[i].rps)),
    ratio: median(perRound.map((r) => r[i].rps / r[0].rps)),
    p50: median(perRound.map((r) => r[i].p50)),
    p99: median(perRound.map((r) => r[i].p99)),
    bad: perRound.reduce((n, r) => n + r[i].bad, 0),
    rounds: perRound.map((r) => r[i]),
  }));
}

/**
 * Per round, `b`'s p99 over `a`'s (measured seconds apart), and their median: paired like this, a slow drift of the
 * machine between rounds cancels out, which the ratio of the two medians does not guarantee.
 */
function p99Rounds(a, b) {
  const ratios = a.rounds.map((r, i) => b.rounds[i].p99 / r.p99);
  const sorted = [...ratios].sort((x, y) => x - y);
  const lines = ['| round | ' + a.rounds.map((_, i) => i + 1).join(' | ') + ' |', '|---|' + a.rounds.map(() => '---:').join('|') + '|'];
  lines.push(`| ${a.label.split(',')[0]} p99 ms | ${a.rounds.map((r) => ms(r.p99)).join(' | ')} |`);
  lines.push(`| ${b.label.split(',')[0]} p99 ms | ${b.rounds.map((r) => ms(r.p99)).join(' | ')} |`);
  lines.push(`| ratio | ${ratios.map((x) => x.toFixed(2)).join(' | ')} |`);
  return { median: sorted[Math.floor(sorted.length / 2)], table: lines.join('\n') };
}

const ms = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

function table(rows, baseline, against = 'bare Fastify') {
  const lines = [`| configuration | req/s | ratio to ${against} | p50 ms | p99 ms | non-2xx/errors |`, '|---|---:|---:|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.label} | ${Math.round(r.rps)} | ${(r.ratio ?? r.rps / baseline).toFixed(2)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.bad} |`);
  return lines.join('\n');
}

async function keyPipelineSuite(db) {
  const key = await seedKey(db.url);
  const manyKeys = await Promise.all(Array.from({ length: 100 }, () => seedKey(db.url)));
  const haveRedis = await redisAnswers();
  const apiMemory = await startApi({ DATABASE_URL: db.url });
  const apiRedis = haveRedis ? await startApi({ DATABASE_URL: db.url, REDIS_URL: redisUrl }) : null;
  // The bare server answers with the very bytes a client of the API gets (read through @vigil/client).
  const body = await new VigilClient({ baseUrl: apiMemory, apiKey: key }).key.describe();
  const bare = await startServer('bare', body);
  const plain = await startServer('nest-plain', body);
  const headers = { 'x-api-key': key };
  const many = { requests: manyKeys.map((k) => ({ headers: { 'x-api-key': k } })) };
  const rows = await interleaved([
    { label: 'bare Fastify, same JSON', url: `${bare}/v1/key`, opts: {} },
    { label: 'NestJS + Fastify, same route, guards off', url: `${plain}/v1/key`, opts: {} },
    { label: 'Vigil API, full key pipeline, memory storage, one hot key', url: `${apiMemory}/v1/key`, opts: { headers } },
    { label: 'Vigil API, full key pipeline, memory storage, 100 keys', url: `${apiMemory}/v1/key`, opts: many },
    ...(apiRedis
      ? [
          { label: 'Vigil API, full key pipeline, Redis storage, one hot key', url: `${apiRedis}/v1/key`, opts: { headers } },
          { label: 'Vigil API, full key pipeline, Redis storage, 100 keys', url: `${apiRedis}/v1/key`, opts: many },
        ]
      : []),
  ]);
  const plainRow = rows[1];
  const added = rows.filter((r) => r.label.startsWith('Vigil')).map((r) => `${r.label}: p99 ${r.p99 - plainRow.p99 >= 0 ? '+' : ''}${ms(r.p99 - plainRow.p99)} ms over guards off`);
  return `### Key pipeline: \`GET /v1/key\` (${CONNECTIONS} connections, ${DURATION} s per run, median of ${ROUNDS} interleaved rounds)\n\n${table(rows)}\n\nRatio = median over rounds of req/s ÷ bare Fastify's req/s in the same round.\n\n${added.map((a) => `- ${a}`).join('\n')}\n`;
}

const TEN_DRUGS = ['atorvastatin', 'lisinopril', 'metformin', 'amlodipine', 'metoprolol succinate', 'omeprazole', 'sertraline', 'warfarin', 'tramadol', 'clarithromycin'];

async function checkSuite(db) {
  const key = await seedKey(db.url);
  const haveRedis = await redisAnswers();
  const api = await startApi({ DATABASE_URL: db.url, ...(haveRedis ? { REDIS_URL: redisUrl } : {}) });
  const headers = { 'x-api-key': key, 'content-type': 'application/json' };
  const body = JSON.stringify({ drugs: TEN_DRUGS });
  const sample = await new VigilClient({ baseUrl: api, apiKey: key }).interactions.check({ drugs: TEN_DRUGS });
  const bare = await startServer('bare', sample);
  const post = { method: 'POST', headers, body };
  const rows = await interleaved([
    { label: 'bare Fastify, fixed JSON of the same size', url: `${bare}/v1/interactions/check`, opts: post },
    { label: `Vigil API, full pipeline${haveRedis ? ' (Redis limits)' : ''}, 10-drug check`, url: `${api}/v1/interactions/check`, opts: post },
  ]);
  // Server time of a 100-drug check (4,950 pairs), from the Server-Timing header, sequential requests.
  const top = (await import('node:fs'))
    .readFileSync(join(ROOT, '..', 'shared', 'data', 'common-drugs', 'clincalc_top300_2023_generics.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t')[1])
    .filter(Boolean);
  const times = [];
  for (let i = 0; i < 200; i++) {
    const drugs = Array.from({ length: 100 }, (_, j) => top[(i * 37 + j * 3) % top.length]);
    const r = await fetch(`${api}/v1/interactions/check`, { method: 'POST', headers, body: JSON.stringify({ drugs }) });
    await r.arrayBuffer();
    times.push(Number(/dur=([\d.]+)/.exec(r.headers.get('server-timing') ?? '')?.[1]));
  }
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor(times.length * p))];
  return `### Interaction check: \`POST /v1/interactions/check\` with 10 top-300 drugs (${CONNECTIONS} connections, ${DURATION} s per run, median of ${ROUNDS} interleaved rounds; response ${JSON.stringify(sample).length} bytes)\n\n${table(rows)}\n\n100-drug check (4,950 pairs), engine server time over 200 different lists: p50 ${pct(0.5).toFixed(2)} ms, p99 ${pct(0.99).toFixed(2)} ms, max ${times.at(-1).toFixed(2)} ms.\n`;
}

/** Runs the operator CLI in a child process and returns its JSON, wall time and peak RSS. */
function cli(args, env) {
  const t0 = performance.now();
  const wrapper = `process.on('exit', () => process.stderr.write('MAXRSS ' + process.resourceUsage().maxRSS + '\\n')); process.argv.splice(1, 0, 'cli'); require(${JSON.stringify(join(ROOT, 'apps/admin/dist/cli.js'))});`;
  const r = spawnSync(process.execPath, ['-e', wrapper, ...args, '--json'], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`vigil ${args.join(' ')} failed: ${r.stdout}${r.stderr}`);
  return { json: JSON.parse(r.stdout), ms: performance.now() - t0, maxRssMb: Number(/MAXRSS (\d+)/.exec(r.stderr)?.[1] ?? 0) / 1024 };
}

async function kbSuite(db) {
  const curatedDb = await setupDatabase();
  try {
    const env = { DATABASE_URL: db.url };
    const ddinter = join(ROOT, '..', 'shared', 'data', 'ddinter');
    const files = (await import('node:fs'))
      .readdirSync(ddinter)
      .filter((f) => f.endsWith('.csv'))
      .sort()
      .map((f) => join(ddinter, f));
    const imp = cli(['kb', 'import', '--format', 'ddinter', '--activate', ...files], env);
    const keyA = await seedKey(db.url);
    const keyB = await seedKey(curatedDb.url);
    const enlarged = await startApi({ DATABASE_URL: db.url });
    const curatedOnly = await startApi({ DATABASE_URL: curatedDb.url });
    const post = (key, options) => ({
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ drugs: TEN_DRUGS, ...(options ? { options } : {}) }),
    });
    const major = { minSeverity: 'major' };
    const rows = await interleaved([
      { label: 'curated-only KB, 10-drug check (all findings)', url: `${curatedOnly}/v1/interactions/check`, opts: post(keyB) },
      {
        label: `curated + DDInter (${imp.json.pairs.toLocaleString()} pairs), 10-drug check (all findings: DDInter adds ~24)`,
        url: `${enlarged}/v1/interactions/check`,
        opts: post(keyA),
      },
      { label: 'curated-only KB, 10-drug check, minSeverity major (same findings in both)', url: `${curatedOnly}/v1/interactions/check`, opts: post(keyB, major) },
      { label: 'curated + DDInter, 10-drug check, minSeverity major (same findings in both)', url: `${enlarged}/v1/interactions/check`, opts: post(keyA, major) },
    ]);
    // Hot swap under load: import a small local rule set (new release, activated) and roll back, during an 8 s run.
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const local = join(mkdtempSync(join((await import('node:os')).tmpdir(), 'vigil-bench-')), 'local.csv');
    writeFileSync(local, 'a,b,severity,mechanism,management,citation\nmetformin,levothyroxine,moderate,Local bench rule.,Monitor.,Bench protocol\n');
    let swaps = 0;
    const swapLoad = load(`${enlarged}/v1/interactions/check`, { ...post(keyA), duration: 8 });
    await new Promise((r) => setTimeout(r, 1500));
    cli(['kb', 'import', '--format', 'vigil-csv', '--source-id', 'bench-local', '--activate', local], env);
    swaps++;
    await new Promise((r) => setTimeout(r, 2500));
    cli(['kb', 'rollback'], env);
    swaps++;
    const swapRun = await swapLoad;
    const p99Ratio = rows[1].p99 / rows[0].p99;
    const p99RatioSame = rows[3].p99 / rows[2].p99;
    const sameRounds = p99Rounds(rows[2], rows[3]);
    return `### Knowledge-base import and release swap\n\n- Full DDInter import (8 files, ${imp.json.rowsRead.toLocaleString()} rows → ${imp.json.pairs.toLocaleString()} pairs, ${imp.json.drugs.toLocaleString()} drugs; store + release + activate): **${(imp.ms / 1000).toFixed(1)} s**, peak RSS **${Math.round(imp.maxRssMb)} MB** (targets ≤ 30 s, ≤ 1 GB).\n\n${table(rows, undefined, 'the first row')}\n\np99 DDInter-enlarged ÷ curated-only: ${p99Ratio.toFixed(2)} with all findings (the enlarged KB returns more findings, so a bigger body), ${p99RatioSame.toFixed(2)} when both return the same findings (target ≤ 1.10); per round, same findings:\n\n${sameRounds.table}\n\nMedian of the per-round ratios: ${sameRounds.median.toFixed(2)}.\n\n- Hot swap under load: ${swaps} activations (import of a local rule set, then rollback) during an 8 s run at ${CONNECTIONS} connections: ${swapRun.total.toLocaleString()} requests, ${swapRun.bad} failed.\n`;
  } finally {
    await curatedDb.drop();
  }
}

/** Random lower-case text from a seeded generator (mulberry32), so every run sends the same adversarial bodies. */
function adversarialText(seed) {
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const word = (n) => Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(rand() * 26)]).join('');
  const NEAR = ['warfarn', 'metoprolo', 'atorvastatn', 'lisinoprl', 'amlodipne', 'sertralin', 'gabapentn', 'omeprazol', 'levothyroxin', 'hydrochlorothiazde'];
  const SEPS = ['/', '+', '&', ';', '-', ' and '];
  const fit = (xs) => xs.map((x) => x.slice(0, 200)); // the request schema's longest name
  return {
    'names of 28 random parts joined by "/"': () => Array.from({ length: 100 }, () => Array.from({ length: 28 }, () => word(6)).join('/')),
    'random parts, mixed separators (cut to 200 characters)': () =>
      fit(Array.from({ length: 100 }, () => Array.from({ length: 28 }, () => word(6)).join(SEPS[Math.floor(rand() * SEPS.length)]))),
    '200-character random names (the longest accepted)': () => Array.from({ length: 100 }, () => word(200)),
    '600-character random names (refused by validation: 400)': () => Array.from({ length: 100 }, () => word(600)),
    'near-miss names': () => Array.from({ length: 100 }, (_, i) => NEAR[i % NEAR.length] + word(2)),
    'deep combinations of real and unknown parts (cut to 200 characters)': () =>
      fit(Array.from({ length: 100 }, () => Array.from({ length: 40 }, () => ['warfarin', 'aspirin', word(5), 'acetaminophen', word(7)][Math.floor(rand() * 5)]).join(' / '))),
    'combinations of 3 real names and 2 near misses': () =>
      Array.from({ length: 100 }, (_, i) => ['warfarin', 'aspirin', NEAR[i % NEAR.length] + word(1), 'acetaminophen', NEAR[(i + 3) % NEAR.length]].join('/')),
  };
}

/**
 * Issue #12.1: no request may stall the API. Worst engine time (Server-Timing) of adversarial bodies, and the p99 of
 * normal 10-drug checks sent one at a time, idle and while an adversarial client sends as fast as it can.
 * Targets: worst single request ≤ 50 ms; p99 under attack ≤ 3× idle p99.
 */
async function adversarialSuite(db) {
  const normalKey = await seedKey(db.url);
  const attackerKey = await seedKey(db.url);
  const api = await startApi({ DATABASE_URL: db.url });
  const post = (key, drugs) =>
    fetch(`${api}/v1/interactions/check`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ drugs }) });
  const serverMs = (r) => Number(/dur=([\d.]+)/.exec(r.headers.get('server-timing') ?? '')?.[1]);
  const cases = adversarialText(20261123);
  const lines = ['| adversarial body (100 entries) | requests | worst engine ms | median engine ms | status |', '|---|---:|---:|---:|---|'];
  let worst = 0;
  for (const [label, make] of Object.entries(cases)) {
    const times = [];
    const statuses = new Set();
    for (let i = 0; i < 20; i++) {
      const r = await post(attackerKey, make());
      await r.arrayBuffer();
      statuses.add(r.status);
      if (r.status === 200) times.push(serverMs(r));
    }
    times.sort((a, b) => a - b);
    if (times.length > 0) worst = Math.max(worst, times.at(-1));
    const cell = (v) => (v === undefined ? '–' : v.toFixed(2));
    lines.push(`| ${label} | 20 | ${cell(times.at(-1))} | ${cell(times[Math.floor(times.length / 2)])} | ${[...statuses].join(', ')} |`);
  }
  const normalP99 = async () => {
    const t = [];
    for (let i = 0; i < 300; i++) {
      const start = performance.now();
      const r = await post(normalKey, TEN_DRUGS);
      await r.arrayBuffer();
      t.push(performance.now() - start);
    }
    t.sort((a, b) => a - b);
    return t[Math.floor(t.length * 0.99)];
  };
  const idle = await normalP99();
  let attacking = true;
  let attacks = 0;
  const makers = Object.values(cases);
  const attacker = (async () => {
    while (attacking) {
      const r = await post(attackerKey, makers[attacks++ % makers.length]());
      await r.arrayBuffer();
    }
  })();
  const underAttack = await normalP99();
  attacking = false;
  await attacker;
  const ratio = underAttack / idle;
  return `### Adversarial names (#12.1): worst engine time and normal checks under attack\n\n${lines.join('\n')}\n\nWorst single request: ${worst.toFixed(2)} ms (target ≤ 50 ms: ${worst <= 50 ? 'met' : 'MISSED'}).\nNormal 10-drug checks, one at a time, p99: idle ${idle.toFixed(2)} ms, while one adversarial client sends back to back (${attacks} attack requests) ${underAttack.toFixed(2)} ms = ${ratio.toFixed(2)}× (target ≤ 3×: ${ratio <= 3 ? 'met' : 'MISSED'}).\n`;
}

/**
 * Issue #15.13: drug search stays ≤ 20 ms p99 in the engine. Every prefix (1–8 characters) of every name of the
 * common drugs, their misspellings and strength-and-form texts, over the curated pack, in this process.
 */
async function searchSuite() {
  const { DrugSearchIndex, loadCuratedKb } = await import('@vigil/engine');
  const kb = loadCuratedKb();
  const index = new DrugSearchIndex(kb);
  const queries = [];
  for (const ing of kb.ingredients) {
    if (!ing.common) continue;
    for (const name of [ing.name, ...ing.brands.slice(0, 2)]) {
      for (let n = 1; n <= Math.min(8, name.length); n++) queries.push(name.slice(0, n));
      queries.push(`${name} 10 mg oral tablet`, name.length > 5 ? name.slice(0, 2) + name.slice(3) : name);
    }
  }
  for (const q of queries.slice(0, 2000)) index.search(q); // warm up
  const times = [];
  const t0 = performance.now();
  for (const q of queries) {
    const t = performance.now();
    index.search(q, { limit: 10 });
    times.push(performance.now() - t);
  }
  const total = performance.now() - t0;
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return `### Drug search (engine, curated pack): ${queries.length.toLocaleString()} queries

Prefixes of 1–8 characters of every name of the common drugs, one-letter misspellings and strength-and-form texts: p50 ${pct(0.5).toFixed(3)} ms, p99 ${pct(0.99).toFixed(3)} ms, max ${times.at(-1).toFixed(2)} ms, ${Math.round(queries.length / (total / 1000)).toLocaleString()} queries/s (target p99 ≤ 20 ms: ${pct(0.99) <= 20 ? 'met' : 'MISSED'}).\n`;
}

/**
 * Issue #15.9: an operator CLI call starts in ≤ 1 s when nothing changed since the last build. Wall time of
 * `./vigil` as an operator runs it (a prepare first, so the stamp is current), median and worst of 7 calls.
 */
async function cliSuite(db) {
  const vigil = (args) => {
    const t = performance.now();
    const r = spawnSync(join(ROOT, 'vigil'), args, { cwd: ROOT, env: { ...process.env, DATABASE_URL: db.url }, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`./vigil ${args.join(' ')}: ${r.status} ${r.stderr}`);
    return { ms: performance.now() - t, stderr: r.stderr };
  };
  vigil(['db:migrate']); // the first call may prepare (install + build) and migrates the bench database
  const rows = [];
  for (const args of [['--help'], ['db:status', '--json'], ['kb', 'list', '--json']]) {
    const runs = Array.from({ length: 7 }, () => vigil(args));
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
    rows.push(`| \`./vigil ${args.join(' ')}\` | ${ms[3].toFixed(0)} | ${ms[6].toFixed(0)} | ${runs.every((r) => r.stderr === '') ? 'none' : 'yes'} |`);
  }
  return `### Operator CLI start (nothing changed since the last build)\n\n| command | median ms | worst ms | stderr noise |\n|---|---:|---:|---|\n${rows.join('\n')}\n\nTarget: a call starts in ≤ 1 s and prints only its own output.\n`;
}

const suites = { keys: keyPipelineSuite, check: checkSuite, kb: kbSuite, adversarial: adversarialSuite, search: searchSuite, cli: cliSuite };
const wanted = (process.argv[2] ?? Object.keys(suites).join(',')).split(',');
const db = await setupDatabase();
try {
  pinSelf();
  console.log(`# Vigil benchmark — ${new Date().toISOString()}, node ${process.version}, ${(await import('node:os')).cpus().length} cores; ${describeLoad()}\n`);
  for (const name of wanted) console.log(await suites[name](db));
} finally {
  for (const c of children) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await db.drop();
}
