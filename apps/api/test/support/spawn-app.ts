import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface SpawnedApp {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Runs a built app (`apps/<name>/dist/main.js`) as its own process, like production, and waits for /readyz. */
export async function spawnApp(name: 'api' | 'admin', env: Record<string, string>): Promise<SpawnedApp> {
  const port = await freePort();
  const portVar = name === 'api' ? 'PORT' : 'ADMIN_PORT';
  let out = '';
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'apps', name, 'dist', 'main.js')], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'test', ...env, [portVar]: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited early:\n${out}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch { /* not yet */ }
    if (Date.now() > deadline) throw new Error(`${name} not ready:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => out,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

/** Runs the operator CLI (`npm run vigil --` equivalent) and parses its single JSON document. */
export function vigilCli(args: string[], env: Record<string, string>): unknown {
  const r = spawnSync(process.execPath, [join(ROOT, 'apps', 'admin', 'dist', 'cli.js'), ...args, '--json'], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 30_000 });
  if (r.status !== 0) throw new Error(`vigil ${args.join(' ')} failed: ${r.stdout}${r.stderr}`);
  return JSON.parse(r.stdout);
}
