// Shared by the root scripts: Node version check, pnpm without a global install, install + build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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
  // Remembered for the CLI's fast path (`prepareIfChanged`).
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, JSON.stringify({ key: stampKey(), at: new Date().toISOString() }));
}

const STAMP = join(ROOT, 'node_modules', '.cache', 'vigil-prepared.json');
/** What the build reads (turbo.json's build inputs) and what the install reads. */
const ROOT_INPUTS = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'tsconfig.base.json', 'turbo.json'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.turbo', 'test-artifacts', 'coverage']);

/**
 * A fingerprint of every build and install input: path, size and mtime of each file under the workspaces' `src/`,
 * their `package.json` and `tsconfig*.json`, `knowledge/` and the root manifests. About 1,000 stat calls (~10 ms).
 */
function inputsFingerprint() {
  const lines = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) walk(path);
      } else walk0(path, lines);
    }
  };
  for (const f of ROOT_INPUTS) walk0(join(ROOT, f), lines);
  walk(join(ROOT, 'knowledge'));
  for (const group of ['apps', 'packages', 'bench']) {
    const base = join(ROOT, group);
    const workspaces = group === 'bench' ? [base] : existsSync(base) ? readdirSync(base).map((d) => join(base, d)) : [];
    for (const ws of workspaces) {
      walk(join(ws, 'src'));
      for (const f of existsSync(ws) && statSync(ws).isDirectory() ? readdirSync(ws) : []) if (f === 'package.json' || /^tsconfig.*\.json$/.test(f)) walk0(join(ws, f), lines);
    }
  }
  return createHash('sha256').update(lines.sort().join('\n')).digest('hex');
}

/** One file's line of the fingerprint, when it exists. */
function walk0(path, lines) {
  if (!existsSync(path)) return;
  const st = statSync(path);
  lines.push(`${path}\u0000${st.size}\u0000${st.mtimeMs}`);
}

/**
 * `prepare()`, skipped when nothing it reads changed since it last succeeded here (the operator CLI's fast path: a
 * call then starts in well under a second and prints only its own output). Any doubt means a full prepare: no stamp,
 * a different Node.js, a changed input, or a missing build output.
 */
export function prepareIfChanged(output = join(ROOT, 'apps', 'admin', 'dist', 'cli.js')) {
  checkNode();
  try {
    if (existsSync(output) && JSON.parse(readFileSync(STAMP, 'utf8')).key === stampKey()) return;
  } catch {
    // no stamp or an unreadable one: prepare
  }
  prepare();
}

function stampKey() {
  return `${process.version}\u0000${inputsFingerprint()}`;
}
