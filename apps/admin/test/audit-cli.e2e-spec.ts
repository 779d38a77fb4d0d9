import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { withPgClient } from '@vigil/testing';

const cliPath = join(__dirname, '..', 'dist', 'cli.js');

/** The audit chain as an operator checks and exports it: real admin changes, a real tamper, the CLI's verdict. */
describe('operator CLI: audit verify and audit export', () => {
  let db: TestDatabase;
  const run = (args: string[]) => spawnSync(process.execPath, [cliPath, ...args], { env: { PATH: process.env.PATH, DATABASE_URL: db.url }, encoding: 'utf8', timeout: 60_000 });
  const json = (args: string[]) => {
    const r = run([...args, '--json']);
    return { status: r.status, doc: JSON.parse(r.stdout) };
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    // Audited changes, made the way an operator makes them.
    expect(json(['accounts', 'create', '--email', 'chain@example.org']).status).toBe(0);
    const key = json(['keys', 'create', '--email', 'chain@example.org', '--label', 'one']).doc;
    json(['keys', 'create', '--email', 'chain@example.org', '--label', 'two']);
    expect(json(['keys', 'revoke', key.id]).status).toBe(0);
    json(['accounts', 'suspend', '--email', 'chain@example.org']);
  });
  afterAll(async () => {
    await db.drop();
  });

  it('verifies an intact chain and names its head', () => {
    const { status, doc } = json(['audit', 'verify']);
    expect(status).toBe(0);
    expect(doc).toMatchObject({
      ok: true,
      chains: [{ chain: 'deployment', ok: true, events: expect.any(Number), head: { seq: expect.any(Number), hash: expect.stringMatching(/^[0-9a-f]{64}$/) } }],
    });
    expect(doc.chains[0].events).toBeGreaterThanOrEqual(5);
    expect(run(['audit', 'verify']).stdout).toMatch(/^chain deployment: \d+ events, intact; head: event \d+, hash [0-9a-f]{64}/);
  });

  it('exports JSON lines, oldest first, each with its position and hashes; --after-seq continues', () => {
    const r = run(['audit', 'export']);
    expect(r.status).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((e) => e.seq)).toEqual(lines.map((_, i) => i + 1));
    expect(lines[1].prevHash).toBe(lines[0].hash);
    expect(lines.map((e) => e.action)).toEqual(expect.arrayContaining(['account.create', 'key.create', 'key.revoke']));
    const rest = run(['audit', 'export', '--after-seq', '2'])
      .stdout.trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rest[0].seq).toBe(3);
    expect(JSON.stringify(lines)).not.toMatch(/vigil_[A-Za-z0-9]{30}/); // never a key in the log
    expect(run(['audit', 'export', '--after-seq', 'x']).status).toBe(2);
  });

  it('finds an edited event, then a deleted one, and exits 1 naming where', async () => {
    await withPgClient(db.url, (c) => c.query(`UPDATE audit_event SET after = jsonb_set(coalesce(after, '{}'), '{label}', '"edited"') WHERE seq = 3`));
    const edited = run(['audit', 'verify']);
    expect(edited.status).toBe(1);
    expect(edited.stdout).toMatch(/chain deployment: BROKEN at event 3: event 3 was changed after it was written/);
    await withPgClient(db.url, (c) => c.query(`DELETE FROM audit_event WHERE seq = 3`));
    const deleted = json(['audit', 'verify']);
    expect(deleted.status).toBe(1);
    expect(deleted.doc.chains[0]).toMatchObject({ ok: false, seq: 4, problem: expect.stringMatching(/event 3 missing/) });
  });
});
