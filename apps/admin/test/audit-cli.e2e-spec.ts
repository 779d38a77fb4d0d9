import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { withPgClient } from '@vigil/testing';

const cliPath = join(__dirname, '..', 'dist', 'cli.js');

/**
 * The audit chains as an operator checks and exports them: real admin changes in two organisations and on the
 * platform, a real tamper with SQL, the CLI's verdict per chain.
 */
describe('operator CLI: audit verify and audit export, one chain per organisation', () => {
  let db: TestDatabase;
  let orgA: string;
  let orgB: string;
  const run = (args: string[]) => spawnSync(process.execPath, [cliPath, ...args], { env: { PATH: process.env.PATH, DATABASE_URL: db.url }, encoding: 'utf8', timeout: 60_000 });
  const json = (args: string[]) => {
    const r = run([...args, '--json']);
    return { status: r.status, doc: JSON.parse(r.stdout) };
  };
  const lines = (stdout: string) =>
    stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
  const byChain = (doc: { chains: { chain: string }[] }) => Object.fromEntries(doc.chains.map((c) => [c.chain, c]));

  beforeAll(async () => {
    db = await createTestDatabase();
    // Audited changes, made the way an operator makes them: each account starts with its own organisation.
    expect(json(['accounts', 'create', '--email', 'a@example.org']).status).toBe(0);
    expect(json(['accounts', 'create', '--email', 'b@example.org']).status).toBe(0);
    orgA = json(['orgs', 'list', '--email', 'a@example.org']).doc.organisations[0].id;
    orgB = json(['orgs', 'list', '--email', 'b@example.org']).doc.organisations[0].id;
    const key = json(['keys', 'create', '--email', 'a@example.org', '--label', 'one']).doc;
    json(['keys', 'create', '--email', 'a@example.org', '--label', 'two']);
    expect(json(['keys', 'revoke', key.id]).status).toBe(0);
    const keyB = json(['keys', 'create', '--email', 'b@example.org', '--label', 'b-one']).doc;
    expect(json(['keys', 'revoke', keyB.id]).status).toBe(0);
    json(['accounts', 'suspend', '--email', 'b@example.org']);
  });
  afterAll(async () => {
    await db.drop();
  });

  it('verifies every chain: platform events in deployment, each organisation’s in its own, each with its head', () => {
    const { status, doc } = json(['audit', 'verify']);
    expect(status).toBe(0);
    expect(doc.ok).toBe(true);
    const chains = byChain(doc);
    expect(Object.keys(chains).sort()).toEqual(['deployment', `org:${orgA}`, `org:${orgB}`].sort());
    expect(chains[`org:${orgA}`]).toMatchObject({ ok: true, events: 3, head: { seq: 3, hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    expect(chains[`org:${orgB}`]).toMatchObject({ ok: true, events: 2 });
    expect(chains.deployment).toMatchObject({ ok: true, events: 3 }); // two sign-ups and a suspension
    expect(run(['audit', 'verify', '--org', orgA]).stdout).toMatch(new RegExp(`^chain org:${orgA}: 3 events, intact; head: event 3, hash [0-9a-f]{64}`));
  });

  it('exports JSON lines, oldest first, each with its position and hashes; --org gives one organisation; --after-seq continues', () => {
    const r = run(['audit', 'export', '--org', orgA]);
    expect(r.status).toBe(0);
    const a = lines(r.stdout);
    expect(a.map((e) => e.chain)).toEqual(a.map(() => `org:${orgA}`));
    expect(a.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(a.map((e) => e.action)).toEqual(['key.create', 'key.create', 'key.revoke']);
    expect(a[1].prevHash).toBe(a[0].hash);
    const deployment = lines(run(['audit', 'export', '--chain', 'deployment']).stdout);
    expect(deployment.map((e) => e.action)).toEqual(['account.create', 'account.create', 'account.suspend']);
    expect(lines(run(['audit', 'export', '--org', orgA, '--after-seq', '2']).stdout).map((e) => e.seq)).toEqual([3]);
    expect(json(['audit', 'export', '--org', orgB]).doc.events).toHaveLength(2);
    const all = run(['audit', 'export']).stdout;
    expect(all).not.toMatch(/vigil_[A-Za-z0-9]{30}/); // never a key in the log
    expect(lines(all)).toHaveLength(8);
    expect(run(['audit', 'export', '--after-seq', 'x']).status).toBe(2);
    expect(run(['audit', 'verify', '--org', 'acme']).status).toBe(2);
    expect(json(['audit', 'verify', '--org', '00000000-0000-4000-8000-000000000000'])).toMatchObject({ status: 1, doc: { error: { code: 'not_found' } } });
    expect(run(['audit', 'verify', '--org', orgA, '--chain', 'deployment']).status).toBe(2);
  });

  it('tamper: an edited event breaks only its organisation’s chain, at that event; a deleted one is a gap; exit 1', async () => {
    await withPgClient(db.url, (c) =>
      c.query(`UPDATE audit_event SET after = jsonb_set(coalesce(after, '{}'), '{label}', '"edited"') WHERE chain = $1 AND seq = 2`, [`org:${orgA}`]),
    );
    const edited = json(['audit', 'verify']);
    expect(edited.status).toBe(1);
    expect(edited.doc.ok).toBe(false);
    const chains = byChain(edited.doc);
    expect(chains[`org:${orgA}`]).toMatchObject({ ok: false, seq: 2, events: 1, problem: expect.stringMatching(/event 2 was changed after it was written/) });
    expect(chains[`org:${orgB}`]).toMatchObject({ ok: true, events: 2 });
    expect(chains.deployment).toMatchObject({ ok: true, events: 3 });
    expect(run(['audit', 'verify', '--org', orgA]).stdout).toMatch(new RegExp(`chain org:${orgA}: BROKEN at event 2: event 2 was changed after it was written`));
    expect(run(['audit', 'verify', '--org', orgB]).status).toBe(0);
    expect(run(['audit', 'verify', '--chain', 'deployment']).status).toBe(0);

    await withPgClient(db.url, (c) => c.query(`DELETE FROM audit_event WHERE chain = $1 AND seq = 2`, [`org:${orgA}`]));
    const deleted = json(['audit', 'verify', '--org', orgA]);
    expect(deleted.status).toBe(1);
    expect(deleted.doc.chains[0]).toMatchObject({ ok: false, seq: 3, events: 1, problem: expect.stringMatching(/event 2 missing/) });
    expect(json(['audit', 'verify', '--org', orgB]).status).toBe(0);
  });
});
