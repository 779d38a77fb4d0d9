// Shared by the root scripts: Node version check, pnpm without a global install, install + build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.8';
const BIN = join(ROOT, 'node_modules', '.bin');

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    process.stderr.write(`Vigil needs Node.js 20.19 or newer (this is ${process.version}). Install a current Node.js LTS and try again.\n`);
    process.exit(1);
  }
}

/** Environment whose PATH finds the workspace's own binaries (pnpm, turbo, jest) first. */
export function toolEnv(extra = {}) {
  return { ...process.env, PATH: `${BIN}${delimiter}${process.env.PATH ?? ''}`, ...extra };
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: ['ignore', opts.quiet ? 'ignore' : process.stderr, process.stderr], env: toolEnv(opts.env) });
  if (r.error) throw r.error;
  if (r.status !== 0) {
    process.stderr.write(`\n${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})\n`);
    process.exit(r.status ?? 1);
  }
}

/** pnpm: the workspace's pinned copy once installed, else `npx pnpm@<pinned>` (no global install needed). */
export function pnpm(args) {
  if (existsSync(join(BIN, 'pnpm'))) run(join(BIN, 'pnpm'), args);
  else run('npx', ['-y', `pnpm@${PNPM_VERSION}`, ...args]);
}

export function install() {
  pnpm(['install', '--frozen-lockfile', '--prefer-offline', '--reporter=append-only']);
}

export function build() {
  run(join(BIN, 'turbo'), ['run', 'build', '--output-logs=errors-only', '--log-prefix=none']);
}

/** Install dependencies and build every package and app; progress goes to stderr so stdout stays clean. */
export function prepare() {
  checkNode();
  install();
  build();
}
