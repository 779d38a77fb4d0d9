// `npm test`: install, build, then run the whole jest suite (extra arguments go to jest).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, prepare, toolEnv } from './lib.mjs';

prepare();
const r = spawnSync(join(ROOT, 'node_modules', '.bin', 'jest'), process.argv.slice(2), { cwd: ROOT, stdio: 'inherit', env: toolEnv({ NODE_ENV: 'test' }) });
process.exit(r.status ?? 1);
