import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const main = join(__dirname, '..', 'dist', 'main.js');

describe('API start-up configuration', () => {
  it.each([
    ['PORT', 'not-a-port'],
    ['DATABASE_URL', 'mysql://nope'],
    ['VIGIL_KEY_PREFIX', 'BAD'],
  ])('refuses to start with %s=%s and names the variable', (variable, value) => {
    const r = spawnSync(process.execPath, [main], { env: { PATH: process.env.PATH, [variable]: value }, encoding: 'utf8', timeout: 20000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${variable}:`);
  });
});
