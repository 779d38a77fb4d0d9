import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';

const cli = join(__dirname, '..', 'dist', 'cli.js');

function vigil(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 60_000 });
}

describe('operator CLI', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('db:status --json prints exactly one JSON document', () => {
    const r = vigil(['db:status', '--json'], { DATABASE_URL: db.url });
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ kind: 'server', pending: [] });
    expect(doc.applied.length).toBeGreaterThan(0);
    expect(doc.serverVersion).toMatch(/^\d+/);
  });

  it('db:status prints a human summary', () => {
    const r = vigil(['db:status'], { DATABASE_URL: db.url });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/migrations pending: none/);
  });

  it('unknown commands exit 2 with usage', () => {
    const r = vigil(['frobnicate'], { DATABASE_URL: db.url });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown command "frobnicate"/);
  });

  it('a bad variable is named', () => {
    const r = vigil(['db:status', '--json'], { DATABASE_URL: 'nope' });
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).error.message).toContain('DATABASE_URL:');
  });
});
