// `./vigil <command>` or `npm run -s vigil -- <command>`: the operator CLI. Reaches the same database as a running
// `npm start`. Installs and builds first only when something changed since the last build (then its progress goes to
// stderr); stdout carries only the command's own output, so `--json` pipes.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, prepareIfChanged } from './lib.mjs';

prepareIfChanged();
const r = spawnSync(process.execPath, [join(ROOT, 'apps', 'admin', 'dist', 'cli.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
