import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './repo-root';

/** Runs the built operator CLI (`npm run vigil -- … --json`) and returns its one JSON document. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the CLI's JSON loosely unless they name a type
export function vigilCli<T = any>(args: string[], env: Record<string, string>): T {
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'apps', 'admin', 'dist', 'cli.js'), ...args, '--json'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`vigil ${args.join(' ')} failed (${r.status}): ${r.stdout}${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}
