import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '..', '..', '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface SpawnedApi {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs the built public API (`apps/api/dist/main.js`) as its own process, the way production does, and waits for
 * /readyz. The admin tests never import the API's source.
 */
export async function spawnApi(env: Record<string, string>): Promise<SpawnedApi> {
  const port = await freePort();
  let out = '';
  const child: ChildProcess = spawn(process.execPath, [join(REPO_ROOT, 'apps', 'api', 'dist', 'main.js')], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited early (${child.exitCode}):\n${out}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API did not become ready:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => out,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => { clearTimeout(timer); resolve(); });
      child.kill('SIGTERM');
    }),
  };
}

/** The operator CLI (`npm run vigil -- … --json`): its one JSON document. */
export function vigilCli(args: string[], env: Record<string, string>): any {
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'apps', 'admin', 'dist', 'cli.js'), ...args, '--json'], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`vigil ${args.join(' ')} failed (${r.status}): ${r.stdout}${r.stderr}`);
  return JSON.parse(r.stdout);
}
