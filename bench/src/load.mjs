// Load generation for the benchmark.
//
// The servers under comparison and the load generator share this 2-core machine, so every table compares
// configurations measured with the same generator in the same run (ratios), never absolute numbers.
//   - BENCH_LOADER=autocannon (default, as in every earlier table in docs/benchmarks.md), run in a child
//     process, or BENCH_LOADER=wrk (C, Debian's `wrk` package), which costs the machine far less per request.
//   - BENCH_PIN=1 pins each server to core 0 and the generator to the others (`taskset`). Off by default: pinned,
//     a Node server loses the second core its GC and I/O helper threads use, which measures the machine more
//     than the server (seen here: the key pipeline drops from 0.42x to 0.32x, bare Fastify barely moves).
import { execFileSync, fork, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const cores = cpus().length;

export const pinning = process.env.BENCH_PIN === '1' && cores >= 2 && onPath('taskset');
export const loaderName = process.env.BENCH_LOADER ?? 'autocannon';
if (loaderName === 'wrk' && !onPath('wrk')) throw new Error('BENCH_LOADER=wrk needs wrk on PATH (Debian: apt-get install wrk)');
const SERVER_CPUS = '0';
const LOAD_CPUS = `1-${cores - 1}`;

/** Pins every thread of a running process to the server core (no-op without pinning). */
export function pinServer(pid) {
  if (pinning) execFileSync('taskset', ['-a', '-p', '-c', SERVER_CPUS, String(pid)], { stdio: 'ignore' });
}

/** Pins the bench process itself next to the generator, away from the servers. */
export function pinSelf() {
  if (pinning) execFileSync('taskset', ['-a', '-p', '-c', LOAD_CPUS, String(process.pid)], { stdio: 'ignore' });
}

export function describeLoad() {
  return `load generator ${loaderName === 'wrk' ? 'wrk (1 thread)' : 'autocannon (child process)'}${pinning ? `, servers pinned to core ${SERVER_CPUS} and the generator to core ${LOAD_CPUS}` : ', no CPU pinning'}`;
}

const luaString = (s) => `"${String(s).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

function wrkScript({ method = 'GET', headers = {}, body, requests }) {
  const lines = [`wrk.method = ${luaString(method)}`];
  for (const [k, v] of Object.entries(headers)) lines.push(`wrk.headers[${luaString(k)}] = ${luaString(v)}`);
  if (body !== undefined) lines.push(`wrk.body = ${luaString(body)}`);
  if (requests?.length) {
    // Rotate over pre-formatted requests (e.g. 100 different keys), like autocannon's `requests` option.
    // Formatted in init(), once wrk.host is known (wrk.format adds the Host header from it).
    lines.push('local reqs = {}', 'local i = 0', 'init = function(args)');
    for (const r of requests) {
      const h = Object.entries({ ...headers, ...(r.headers ?? {}) })
        .map(([k, v]) => `[${luaString(k)}] = ${luaString(v)}`)
        .join(', ');
      lines.push(`  reqs[#reqs + 1] = wrk.format(${luaString(r.method ?? method)}, nil, { ${h} }, ${(r.body ?? body) ? luaString(r.body ?? body) : 'nil'})`);
    }
    lines.push('end', 'request = function() i = i % #reqs + 1; return reqs[i] end');
  }
  // Machine-readable summary: wrk's own text rounds the percentiles.
  lines.push(
    'done = function(summary, latency, requests)',
    '  local bad = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout',
    '  io.write(string.format("VIGIL_JSON {\\"requests\\":%d,\\"seconds\\":%f,\\"p50\\":%f,\\"p99\\":%f,\\"bad\\":%d}\\n", summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000, bad))',
    'end',
  );
  const file = join(mkdtempSync(join(tmpdir(), 'vigil-wrk-')), 'script.lua');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

function runWrk(url, { connections, duration, ...opts }) {
  return new Promise((resolve, reject) => {
    const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', '10s', '-s', wrkScript(opts), url];
    const child = pinning ? spawn('taskset', ['-c', LOAD_CPUS, 'wrk', ...args]) : spawn('wrk', args);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const m = /VIGIL_JSON (\{.*\})/.exec(out);
      if (code !== 0 || !m) return reject(new Error(`wrk failed (${code}): ${out}`));
      const r = JSON.parse(m[1]);
      resolve({ rps: r.requests / r.seconds, p50: r.p50, p99: r.p99, bad: r.bad, total: r.requests });
    });
  });
}

function runAutocannon(url, opts) {
  return new Promise((resolve, reject) => {
    const child = fork(join(here, 'autocannon-child.mjs'), [JSON.stringify({ url, ...opts })], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    if (pinning) execFileSync('taskset', ['-a', '-p', '-c', LOAD_CPUS, String(child.pid)], { stdio: 'ignore' });
    child.once('message', (m) => (m.error ? reject(new Error(m.error)) : resolve(m)));
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`autocannon child exited ${code}`));
    });
  });
}

/**
 * One load run: `connections` for `duration` seconds. opts: method, headers, body, requests (rotating list of
 * {headers, body}). Returns req/s, p50/p99 latency in ms, failed responses (non-2xx, socket errors, timeouts), total.
 */
export function runLoad(url, opts) {
  return loaderName === 'wrk' ? runWrk(url, opts) : runAutocannon(url, opts);
}
