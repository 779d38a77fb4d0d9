// `node scripts/turbo.mjs <args>`: the workspace's turbo with the workspace's pnpm first on PATH (turbo spawns it).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, checkNode, toolEnv } from './lib.mjs';

checkNode();
const r = spawnSync(join(ROOT, 'node_modules', '.bin', 'turbo'), process.argv.slice(2), { cwd: ROOT, stdio: 'inherit', env: toolEnv() });
process.exit(r.status ?? 1);
