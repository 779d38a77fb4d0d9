// `npm run vigil -- <command>`: the operator CLI. Reaches the same database as a running `npm start`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, prepare } from './lib.mjs';

prepare();
const r = spawnSync(process.execPath, [join(ROOT, 'apps', 'admin', 'dist', 'cli.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
