import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { REPO_ROOT } from '@vigil/testing';

/** The README's operator-CLI block, one command per line. */
function documentedCommands(): string[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.split('### Operator CLI\n')[1];
  return section.split('```')[1].trim().split('\n');
}

const hasJq = spawnSync('sh', ['-c', 'command -v jq'], { encoding: 'utf8' }).status === 0;

/**
 * The README's commands as an operator types them, through bash (with pipefail) from the repository root: `./vigil …` and
 * `npm run -s vigil -- …`, piped to jq. stdout must be exactly the command's one JSON document.
 */
describe('operator CLI as the README documents it', () => {
  let db: TestDatabase;
  const email = 'readme-operator@example.org';
  const sh = (command: string) =>
    spawnSync('bash', ['-o', 'pipefail', '-c', command], { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: db.url, NO_COLOR: '1' }, encoding: 'utf8', timeout: 180_000 });

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('documents every command as ./vigil, and the CLI lists each in its usage', () => {
    const commands = documentedCommands();
    expect(commands.length).toBeGreaterThanOrEqual(10);
    const help = sh('./vigil --help');
    expect(help.status).toBe(0);
    for (const line of commands) {
      expect(line.startsWith('./vigil ')).toBe(true);
      // "./vigil keys create --email E …" → "keys create" appears in the usage text.
      const [first, second] = line.slice('./vigil '.length).split(/[\s|]+/);
      const command = first.includes(':') ? first : `${first} ${second}`;
      expect([line, help.stdout.includes(`  ${command}`)]).toEqual([line, true]);
    }
  });

  it('runs the README’s literal commands: one JSON document on stdout, through jq, with ./vigil and npm run -s', () => {
    expect(sh('./vigil db:migrate --json').status).toBe(0);
    const created = sh(`./vigil accounts create --email ${email} --json`);
    expect([created.status, created.stderr]).toEqual([0, '']);
    expect(JSON.parse(created.stdout)).toMatchObject({ email });
    const key = sh(`./vigil keys create --email ${email} --label "EHR prod" --json`);
    expect(key.status).toBe(0);
    expect(JSON.parse(key.stdout)).toMatchObject({ label: 'EHR prod', key: expect.any(String) });

    const pipe = hasJq ? 'jq .' : `node -e "process.stdout.write(JSON.stringify(JSON.parse(require('fs').readFileSync(0,'utf8'))))"`;
    for (const command of [`./vigil keys list --email ${email} --json | ${pipe}`, `npm run -s vigil -- keys list --email ${email} --json | ${pipe}`]) {
      const r = sh(command);
      expect([command, r.status]).toEqual([command, 0]);
      expect(JSON.parse(r.stdout)).toMatchObject({ keys: [expect.objectContaining({ label: 'EHR prod' })] });
    }
    // Without -s, npm's banner lands on stdout: the README says to use -s, and this is why.
    const banner = sh(`npm run vigil -- keys list --email ${email} --json`);
    expect(banner.stdout).toMatch(/^\s*> /);
  });

  it('exits 0 done, 1 failed, 2 usage', () => {
    expect(sh('./vigil db:migrate').status).toBe(0);
    expect(sh('./vigil keys list --email nobody@example.org --json').status).toBe(1);
    expect(sh('./vigil frobnicate').status).toBe(2);
    expect(sh('./vigil keys create --json').status).not.toBe(0);
    expect(sh('./vigil db:status').status).toBe(0);
  });
});
