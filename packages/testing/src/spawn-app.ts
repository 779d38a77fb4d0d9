import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port';
import { REPO_ROOT } from './repo-root';

export interface SpawnedApp {
  url: string;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs a built app (`apps/<name>/dist/main.js`) as its own process, the way production does, and waits for
 * /readyz. `LOG_LEVEL` defaults to `info` so tests can read the request logs; `env` overrides it.
 */
export async function spawnApp(name: 'api' | 'admin', env: Record<string, string>): Promise<SpawnedApp> {
  const port = await freePort();
  const portVar = name === 'api' ? 'PORT' : 'ADMIN_PORT';
  let out = '';
  const child: ChildProcess = spawn(process.execPath, [join(REPO_ROOT, 'apps', name, 'dist', 'main.js')], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'test', ...env, [portVar]: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited early (${child.exitCode}):\n${out}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become ready:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
