import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withPgClient } from '@vigil/testing';
import { KeyRotationSweepService } from '../src/keys/key-rotation-sweep.service';
import { AdminClient } from './support/admin-client';
import { expectProblem, signedInAdmin, signedUpUser } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

const cli = join(__dirname, '..', 'dist', 'cli.js');
const JWKS = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'cds-hooks', 'sandbox-keys', 'jwks.json'), 'utf8'));

/** Key rotation ("roll"): successor shown once, grace period for the old key, 409s, validation, admin route, sweep. */
describe('/api/keys/:id/roll: key rotation without downtime', () => {
  let admin: RunningAdmin;
  let a: Awaited<ReturnType<typeof signedUpUser>>;
  let b: Awaited<ReturnType<typeof signedUpUser>>;
  let op: Awaited<ReturnType<typeof signedInAdmin>>;
  const plaintexts: string[] = [];

  beforeAll(async () => {
    // A sweep interval far beyond the test: the test runs the sweep itself. Request logs on, to look for keys in them.
    admin = await startAdmin({ KEY_ROTATION_SWEEP_MS: '300000', LOG_LEVEL: 'info' });
    a = await signedUpUser(admin, 'rotator');
    b = await signedUpUser(admin, 'other');
    op = await signedInAdmin(admin);
  });
  afterAll(async () => {
    await admin.close();
  });

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => withPgClient(admin.db.url, async (c) => (await c.query(text, params)).rows as T[]);
  const sweep = () => admin.app.get(KeyRotationSweepService).sweep();

  async function newKey(client: AdminClient, body: Record<string, unknown> = {}): Promise<{ id: string; key: string }> {
    const r = await client.post('/api/keys', { label: 'EHR production', ...body });
    expect(r.status).toBe(201);
    plaintexts.push(r.body.key);
    return r.body;
  }

  it('rolls a key: successor with the same settings, its key shown once (no-store); the old key in grace; list shows both', async () => {
    const old = await newKey(a.client, {
      scopes: ['interactions:check', 'drugs:read'],
      allowedIps: ['10.0.0.0/8'],
      rateLimit: { limit: 100, windowSeconds: 60 },
      usageTag: 'ehr',
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    const before = Date.now();
    const r = await a.client.post(`/api/keys/${old.id}/roll`, { gracePeriodSeconds: 86_400, idleSeconds: 600 });
    expect(r.status).toBe(201);
    expect(r.headers['cache-control']).toBe('no-store');
    const { successor, previous } = r.body;
    plaintexts.push(successor.key);
    expect(successor.key).toMatch(/^vigil_/);
    expect(successor.key).not.toBe(old.key);
    expect(successor.key.startsWith(successor.hint.split('…')[0])).toBe(true);
    expect(successor).toMatchObject({
      label: 'EHR production (rolled)',
      status: 'active',
      scopes: ['interactions:check', 'drugs:read'],
      allowedIps: ['10.0.0.0/8'],
      rateLimit: { limit: 100, windowSeconds: 60 },
      usageTag: 'ehr',
      rotation: { state: 'grace', successorId: null, predecessorId: old.id, idleSeconds: 600, endedAt: null, endedReason: null },
    });
    expect(successor.expiresAt).toBe((await a.client.get(`/api/keys/${old.id}`)).body.expiresAt);
    expect(previous).toMatchObject({ id: old.id, status: 'active', rotation: { state: 'grace', successorId: successor.id, predecessorId: null, idleSeconds: 600, endedAt: null } });
    expect(previous).not.toHaveProperty('key');
    const graceEnds = Date.parse(previous.rotation.graceEndsAt);
    expect(graceEnds).toBeGreaterThanOrEqual(before + 86_400_000 - 1000);
    expect(graceEnds).toBeLessThanOrEqual(Date.now() + 86_400_000 + 1000);

    const list = await a.client.get('/api/keys');
    expect(list.text).not.toContain(successor.key);
    const byId = new Map(list.body.keys.map((k: { id: string }) => [k.id, k]));
    expect(byId.get(old.id)).toMatchObject({ status: 'active', rotation: { state: 'grace', successorId: successor.id } });
    expect(byId.get(successor.id)).toMatchObject({ status: 'active', rotation: { state: 'grace', predecessorId: old.id } });
    const one = await a.client.get(`/api/keys/${successor.id}`);
    expect(one.body).not.toHaveProperty('key');
    expect(one.body.rotation).toMatchObject({ predecessorId: old.id, state: 'grace' });

    const audit = await sql<{ actor_type: string; after: Record<string, unknown> }>(`SELECT actor_type, after FROM audit_event WHERE action = 'key.roll' AND target_id = $1`, [
      old.id,
    ]);
    expect(audit).toEqual([{ actor_type: 'account', after: expect.objectContaining({ successorId: successor.id, idleSeconds: 600, status: 'active' }) }]);
  });

  it('409 key_already_rotating for a key already rolled; 409 key_not_active for revoked or expired keys; nothing is created', async () => {
    const old = await newKey(a.client);
    expect((await a.client.post(`/api/keys/${old.id}/roll`, { gracePeriodSeconds: 3600 })).status).toBe(201);
    const count = async () => Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM api_key`))[0].n);
    const keysBefore = await count();
    expectProblem(await a.client.post(`/api/keys/${old.id}/roll`, { gracePeriodSeconds: 3600 }), 409, 'key_already_rotating');

    const revoked = await newKey(a.client);
    await a.client.post(`/api/keys/${revoked.id}/revoke`);
    const expired = await newKey(a.client);
    await sql(`UPDATE api_key SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expired.id]);
    const before = await count();
    expect(before).toBe(keysBefore + 2);
    expectProblem(await a.client.post(`/api/keys/${revoked.id}/roll`, { gracePeriodSeconds: 3600 }), 409, 'key_not_active');
    expectProblem(await a.client.post(`/api/keys/${expired.id}/roll`, { gracePeriodSeconds: 3600 }), 409, 'key_not_active');
    expect(await count()).toBe(before);
  });

  it('validates the body strictly with pointers; another account’s key is a 404', async () => {
    const old = await newKey(a.client);
    const cases: [unknown, string[]][] = [
      [{}, ['/gracePeriodSeconds']],
      [{ gracePeriodSeconds: -1 }, ['/gracePeriodSeconds']],
      [{ gracePeriodSeconds: 604_801 }, ['/gracePeriodSeconds']],
      [{ gracePeriodSeconds: 1.5 }, ['/gracePeriodSeconds']],
      [{ gracePeriodSeconds: '3600' }, ['/gracePeriodSeconds']],
      [{ gracePeriodSeconds: 3600, idleSeconds: 59 }, ['/idleSeconds']],
      [{ gracePeriodSeconds: 3600, idleSeconds: 86_401 }, ['/idleSeconds']],
      [{ gracePeriodSeconds: 3600, keepOld: true }, ['/keepOld']],
    ];
    for (const [body, pointers] of cases) {
      const r = await a.client.post(`/api/keys/${old.id}/roll`, body);
      expectProblem(r, 400, 'validation_failed');
      expect([body, r.body.errors.map((e: { pointer: string }) => e.pointer)]).toEqual([body, pointers]);
    }
    expectProblem(await b.client.post(`/api/keys/${old.id}/roll`, { gracePeriodSeconds: 3600 }), 404, 'not_found');
    expectProblem(await a.client.post(`/api/keys/${old.id}/roll`, { gracePeriodSeconds: 3600 }, { csrf: false }), 403, 'csrf_failed');
    expectProblem(await new AdminClient(admin.url).post(`/api/keys/${old.id}/roll`, { gracePeriodSeconds: 3600 }), 401, 'unauthenticated');
    expect((await a.client.get(`/api/keys/${old.id}`)).body.rotation).toBeNull();
  });

  it('grace 0 revokes the old key in the same transaction', async () => {
    const old = await newKey(a.client);
    const r = await a.client.post(`/api/keys/${old.id}/roll`, { gracePeriodSeconds: 0 });
    expect(r.status).toBe(201);
    plaintexts.push(r.body.successor.key);
    expect(r.body.previous).toMatchObject({ status: 'revoked', rotation: { state: 'ended', endedReason: 'revoked', successorId: r.body.successor.id } });
    expect(r.body.previous.revokedAt).toEqual(expect.any(String));
    expect(r.body.successor).toMatchObject({ status: 'active', rotation: { state: 'ended', predecessorId: old.id } });
  });

  it('the CDS Hooks client registered on the old key moves to the successor (its JWTs are not tied to the key)', async () => {
    const old = await newKey(a.client, { scopes: ['cds:invoke'] });
    const issuer = 'https://ehr.rotation.example.org';
    expect((await a.client.request('PUT', `/api/keys/${old.id}/cds-client`, { body: { issuer, jwks: JWKS } })).status).toBe(200);
    const r = await a.client.post(`/api/keys/${old.id}/roll`, { gracePeriodSeconds: 3600 });
    plaintexts.push(r.body.successor.key);
    expect((await a.client.get(`/api/keys/${r.body.successor.id}/cds-client`)).body).toMatchObject({ keyId: r.body.successor.id, issuer });
    expectProblem(await a.client.get(`/api/keys/${old.id}/cds-client`), 404, 'not_found');
    const [audit] = await sql<{ after: Record<string, unknown> }>(`SELECT after FROM audit_event WHERE action = 'key.roll' AND target_id = $1`, [old.id]);
    expect(audit.after.cdsClientMoved).toBe(true);
  });

  it('revoking the old key during its grace ends the roll (reason revoked)', async () => {
    const old = await newKey(a.client);
    const r = await a.client.post(`/api/keys/${old.id}/roll`, { gracePeriodSeconds: 3600 });
    plaintexts.push(r.body.successor.key);
    const revoked = await a.client.post(`/api/keys/${old.id}/revoke`);
    expect(revoked.body).toMatchObject({ status: 'revoked', rotation: { state: 'ended', endedReason: 'revoked' } });
    expect((await a.client.get(`/api/keys/${r.body.successor.id}`)).body).toMatchObject({ status: 'active', rotation: { state: 'ended', endedReason: 'revoked' } });
  });

  it('the sweep ends a roll once the successor is used and the old key idle; waits while the old key is still used', async () => {
    const old = await newKey(a.client);
    const r = await a.client.post(`/api/keys/${old.id}/roll`, { gracePeriodSeconds: 86_400, idleSeconds: 60 });
    const successorId: string = r.body.successor.id;
    plaintexts.push(r.body.successor.key);
    // Successor used now, old key used 10 s ago: not idle yet.
    await sql(`UPDATE api_key SET last_used_at = now() WHERE id = $1`, [successorId]);
    await sql(`UPDATE api_key SET last_used_at = now() - interval '10 seconds' WHERE id = $1`, [old.id]);
    await sweep();
    expect((await a.client.get(`/api/keys/${old.id}`)).body).toMatchObject({ status: 'active', rotation: { state: 'grace' } });
    // The old key has now been idle for 2 minutes.
    await sql(`UPDATE api_key SET last_used_at = now() - interval '2 minutes' WHERE id = $1`, [old.id]);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const ended = (await a.client.get(`/api/keys/${old.id}`)).body;
    expect(ended).toMatchObject({ status: 'expired', rotation: { state: 'ended', endedReason: 'idle_after_successor_use', successorId } });
    expect(ended.rotation.endedAt).toEqual(expect.any(String));
    const audit = await sql<{ actor_type: string; after: Record<string, unknown> }>(
      `SELECT actor_type, after FROM audit_event WHERE action = 'key.rotation_end' AND target_id = $1`,
      [old.id],
    );
    expect(audit).toEqual([{ actor_type: 'system', after: expect.objectContaining({ reason: 'idle_after_successor_use', successorId, status: 'expired' }) }]);
    // A recorded end is final: a second sweep changes nothing.
    await sweep();
    expect((await sql(`SELECT count(*)::int AS n FROM audit_event WHERE action = 'key.rotation_end' AND target_id = $1`, [old.id]))[0]).toEqual({ n: 1 });
  });

  it('an elapsed grace shows as ended at once and is recorded by the sweep (grace_elapsed)', async () => {
    const old = await newKey(a.client);
    const r = await a.client.post(`/api/keys/${old.id}/roll`, { gracePeriodSeconds: 3600 });
    plaintexts.push(r.body.successor.key);
    await sql(`UPDATE api_key SET rotation_grace_ends_at = now() - interval '1 second' WHERE id = $1`, [old.id]);
    const shown = (await a.client.get(`/api/keys/${old.id}`)).body;
    expect(shown).toMatchObject({ status: 'expired', rotation: { state: 'ended', endedReason: 'grace_elapsed' } });
    await sweep();
    const [row] = await sql<{ status: string; rotation_end_reason: string }>(`SELECT status, rotation_end_reason FROM api_key WHERE id = $1`, [old.id]);
    expect(row).toEqual({ status: 'expired', rotation_end_reason: 'grace_elapsed' });
  });

  it('POST /api/admin/keys/:id/roll: an admin rolls any account’s key, audited as the admin; users and anonymous are refused', async () => {
    const old = await newKey(b.client);
    expectProblem(await a.client.post(`/api/admin/keys/${old.id}/roll`, { gracePeriodSeconds: 60 }), 403, 'forbidden');
    expectProblem(await new AdminClient(admin.url).post(`/api/admin/keys/${old.id}/roll`, { gracePeriodSeconds: 60 }), 401, 'unauthenticated');
    expectProblem(await op.client.post(`/api/admin/keys/${old.id}/roll`, { gracePeriodSeconds: 60 }, { csrf: false }), 403, 'csrf_failed');
    expectProblem(await op.client.post(`/api/admin/keys/${old.id}/roll`, { gracePeriodSeconds: 60, idleSeconds: 1 }), 400, 'validation_failed');
    const r = await op.client.post(`/api/admin/keys/${old.id}/roll`, { gracePeriodSeconds: 60 });
    expect(r.status).toBe(201);
    expect(r.headers['cache-control']).toBe('no-store');
    plaintexts.push(r.body.successor.key);
    expect(r.body.previous).toMatchObject({ id: old.id, rotation: { state: 'grace', successorId: r.body.successor.id, idleSeconds: 3600 } });
    const audit = await sql<{ actor_type: string; actor_id: string }>(`SELECT actor_type, actor_id FROM audit_event WHERE action = 'key.roll' AND target_id = $1`, [old.id]);
    expect(audit).toEqual([{ actor_type: 'admin', actor_id: op.id }]);
    // The owner sees the successor in the list.
    expect((await b.client.get('/api/keys')).body.keys.map((k: { id: string }) => k.id)).toContain(r.body.successor.id);
  });

  it('the CLI rolls with durations (--grace 24h --idle 1h --json) and refuses a bad duration with exit 2', async () => {
    const old = await newKey(a.client);
    const run = (args: string[]) => spawnSync(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH, DATABASE_URL: admin.db.url }, encoding: 'utf8', timeout: 60_000 });
    const bad = run(['keys', 'roll', old.id, '--grace', '1w']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--grace must be a duration');
    expect(run(['keys', 'roll', old.id, '--grace', '8d', '--json']).status).toBe(1);
    const r = run(['keys', 'roll', old.id, '--grace', '24h', '--idle', '1h', '--json']);
    expect([r.status, r.stderr]).toEqual([0, '']);
    const doc = JSON.parse(r.stdout);
    plaintexts.push(doc.successor.key);
    expect(doc.previous.rotation).toMatchObject({ state: 'grace', idleSeconds: 3600, successorId: doc.successor.id });
    expect(Date.parse(doc.previous.rotation.graceEndsAt) - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
    const listed = run(['keys', 'list', '--email', a.email]);
    expect(listed.stdout).toContain(`${old.id}  `);
    expect(listed.stdout).toContain(`(rotating → ${doc.successor.id}, valid until ${doc.previous.rotation.graceEndsAt})`);
    expect(listed.stdout).toContain(`(replaces ${old.id})`);
    const human = run(['keys', 'roll', doc.successor.id, '--grace', '0']);
    expect(human.status).toBe(0);
    expect(human.stdout).toMatch(/shown only once/);
    expect(human.stdout).toMatch(/The old key is revoked/);
  }, 240_000); // three CLI processes: each may take tens of seconds on a loaded two-core machine

  it('the sweep pages through more open rolls than one batch and reaches a roll that is over behind them', async () => {
    const c = await signedUpUser(admin, 'bulk');
    const old = await newKey(c.client); // before the bulk rows fill the plan's key count
    const r = await c.client.post(`/api/keys/${old.id}/roll`, { gracePeriodSeconds: 7 * 86_400, idleSeconds: 60 });
    // 150 rolls still in grace (successor unused), ending before the one roll that is over.
    await sql(
      `WITH s AS (INSERT INTO api_key (account_id, key_hash, hint, label) SELECT $1, md5('s' || g) || md5('t' || g), 'h', 'bulk successor' FROM generate_series(1, 150) g RETURNING id)
       INSERT INTO api_key (account_id, key_hash, hint, label, rotated_to_key_id, rotation_grace_ends_at, rotation_idle_seconds)
       SELECT $1, md5('o' || s.id) || md5('p' || s.id), 'h', 'bulk old', s.id, now() + interval '1 hour', 3600 FROM s`,
      [c.id],
    );
    plaintexts.push(r.body.successor.key);
    await sql(`UPDATE api_key SET last_used_at = now() WHERE id = $1`, [r.body.successor.id]);
    await sql(`UPDATE api_key SET last_used_at = now() - interval '5 minutes' WHERE id = $1`, [old.id]);
    await sweep();
    expect((await c.client.get(`/api/keys/${old.id}`)).body.rotation).toMatchObject({ state: 'ended', endedReason: 'idle_after_successor_use' });
    expect(await sql(`SELECT count(*)::int AS n FROM api_key WHERE label = 'bulk old' AND rotation_ended_at IS NULL`)).toEqual([{ n: 150 }]);
  });

  it('no plaintext key is stored, audited or logged (other than in its one response)', async () => {
    expect(plaintexts.length).toBeGreaterThanOrEqual(10);
    const dump = await withPgClient(admin.db.url, async (c) => {
      const { rows: tables } = await c.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
      let text = '';
      for (const { tablename } of tables) text += JSON.stringify((await c.query(`SELECT * FROM "${tablename}"`)).rows);
      return text;
    });
    const logs = admin.logs.lines.join('\n');
    expect(logs).toMatch(/\/roll/); // the roll requests were logged: the check below looks at real lines
    for (const key of plaintexts) {
      expect(dump).not.toContain(key);
      expect(dump).not.toContain(key.slice(6, 36));
      expect(logs).not.toContain(key.slice(6, 36));
    }
  });
});
