// Runs the database host, the API and the admin app as one product; Ctrl-C stops the apps, then the database.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

const env = { ...process.env, VIGIL_LAUNCHER_PID: String(process.pid) };
const host = env.HOST || '127.0.0.1';
const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
const apiPort = env.PORT || '3000';
const adminPort = env.ADMIN_PORT || '3001';
// The dashboard's quickstart and playground need the API's URL.
env.PUBLIC_API_URL ??= `http://${shownHost}:${apiPort}`;
const children = new Map();
let shuttingDown = false;

function start(name, script, withIpc = false) {
  const child = spawn(process.execPath, [join(ROOT, script)], {
    cwd: ROOT,
    env,
    detached: true, // own process group: a terminal Ctrl-C reaches only us, and we stop children in order
    stdio: withIpc ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'inherit', 'inherit'],
  });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!shuttingDown) {
      process.stderr.write(`vigil: ${name} exited unexpectedly (${signal ?? code}); stopping everything\n`);
      void shutdown(1);
    }
  });
  return child;
}

function stopChild(name, timeoutMs) {
  const child = children.get(name);
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  process.stderr.write('vigil: stopping API and admin…\n');
  await Promise.all([stopChild('api', 10_000), stopChild('admin', 10_000)]);
  process.stderr.write('vigil: stopping database…\n');
  await stopChild('database', 20_000);
  process.stderr.write('vigil: stopped\n');
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

async function waitReady(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !shuttingDown) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

const db = start('database', 'packages/db/dist/bin/db-host.js', true);
const ready = await new Promise((resolve) => {
  db.once('message', (m) => resolve(m));
  db.once('exit', () => resolve(undefined));
});
if (!ready) {
  await shutdown(1);
} else {
  process.stderr.write(`vigil: database ready (${ready.kind}${ready.migrationsApplied.length ? `, applied ${ready.migrationsApplied.length} migration(s)` : ''})\n`);
  start('api', 'apps/api/dist/main.js');
  start('admin', 'apps/admin/dist/main.js');
  const ok = await Promise.all([waitReady(`http://${shownHost}:${apiPort}/readyz`, 120_000), waitReady(`http://${shownHost}:${adminPort}/readyz`, 120_000)]);
  if (ok.every(Boolean)) {
    process.stdout.write(`\nVigil is running.\n  API:       http://${shownHost}:${apiPort}\n  Dashboard: http://${shownHost}:${adminPort}\nPress Ctrl-C to stop.\n\n`);
  } else if (!shuttingDown) {
    process.stderr.write('vigil: the apps did not become ready in time\n');
    await shutdown(1);
  }
}
