// Embedded-default smoke test: `npm start` with no DATABASE_URL/REDIS_URL, wait for /readyz on both apps,
// Ctrl-C, check nothing is left running; then start again on the same data dir (reuse) and stop.
import { spawn, execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-smoke-'));
const [apiPort, adminPort] = [await freePort(), await freePort()];

async function waitReady(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return await r.json();
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready within ${ms} ms`);
}

function postgresLeft() {
  const needle = `-D ${join(dataDir, 'pg')}`;
  return execSync('ps -eo pid,args', { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes(needle) && l.includes('postgres'))
    .join('; ');
}

async function run(label) {
  const env = { ...process.env, PORT: String(apiPort), ADMIN_PORT: String(adminPort), VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const t0 = Date.now();
  const child = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  const died = exited.then((code) => {
    throw new Error(`npm start exited early (${code})`);
  });
  const [api, admin] = await Promise.race([
    Promise.all([waitReady(`http://127.0.0.1:${apiPort}/readyz`, 180_000), waitReady(`http://127.0.0.1:${adminPort}/readyz`, 180_000)]),
    died,
  ]);
  if (api.checks.database.kind !== 'embedded' || admin.checks.database.kind !== 'embedded') throw new Error('expected the embedded database');
  console.log(`smoke ${label}: both apps ready on the embedded database in ${Date.now() - t0} ms`);
  process.kill(-child.pid, 'SIGINT'); // what Ctrl-C does: the whole foreground process group
  const code = await exited;
  await new Promise((r) => setTimeout(r, 500));
  if (postgresLeft()) throw new Error(`postgres still running after Ctrl-C: ${postgresLeft()}`);
  console.log(`smoke ${label}: stopped cleanly (exit ${code}), no postgres left`);
}

try {
  await run('first start');
  await run('second start (reuses data)');
  console.log('smoke: 2 passed, 0 failed');
} catch (error) {
  console.error(`smoke: FAILED: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
