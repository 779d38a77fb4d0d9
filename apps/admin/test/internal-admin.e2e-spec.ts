import { AdminClient } from './support/admin-client';
import { withPgClient } from '@vigil/testing';
import { expectProblem, signedInAdmin, signedUpUser } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

describe('/api/admin: the operator API (role admin)', () => {
  let admin: RunningAdmin;
  let op: Awaited<ReturnType<typeof signedInAdmin>>;
  let u: Awaited<ReturnType<typeof signedUpUser>>;
  let v: Awaited<ReturnType<typeof signedUpUser>>;
  let uKey: { id: string; key: string; label: string };

  beforeAll(async () => {
    admin = await startAdmin();
    op = await signedInAdmin(admin);
    u = await signedUpUser(admin, 'ursula');
    v = await signedUpUser(admin, 'victor');
    uKey = (await u.client.post('/api/keys', { label: 'ursula prod' })).body;
    await u.client.post('/api/keys', { label: 'ursula old' }).then((r) => u.client.post(`/api/keys/${r.body.id}/revoke`));
  });
  afterAll(async () => {
    await admin.close();
  });

  const routes = () =>
    [
      ['GET', '/api/admin/accounts'],
      ['POST', `/api/admin/accounts/${u.id}/suspend`],
      ['POST', `/api/admin/accounts/${u.id}/reactivate`],
      ['GET', `/api/admin/accounts/${u.id}/keys`],
      ['POST', `/api/admin/keys/${uKey.id}/revoke`],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/kb'],
      ['GET', '/api/admin/kb/releases'],
      ['POST', '/api/admin/kb/releases/no-such-release/activate'],
      ['POST', '/api/admin/kb/rollback'],
    ] as const;

  it('every admin route: 401 without a session, 403 forbidden for a user, 403 csrf_failed without the token', async () => {
    const anon = new AdminClient(admin.url);
    for (const [method, path] of routes()) {
      expectProblem(await anon.request(method, path), 401, 'unauthenticated');
      const asUser = await v.client.request(method, path);
      expectProblem(asUser, 403, 'forbidden');
      if (method === 'POST') expectProblem(await op.client.request(method, path, { csrf: false }), 403, 'csrf_failed');
    }
    // Nothing happened to Ursula or her key.
    expect((await u.client.get(`/api/keys/${uKey.id}`)).body.status).toBe('active');
    expect((await u.client.get('/api/auth/me')).body.account.status).toBe('active');
  });

  it('lists accounts with plan, key counts and last activity; searches by email part or id; pages', async () => {
    const all = await op.client.get('/api/admin/accounts');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, limit: 50, offset: 0 });
    const row = all.body.accounts.find((a: { id: string }) => a.id === u.id);
    expect(row).toMatchObject({
      email: u.email,
      role: 'user',
      status: 'active',
      plan: { id: 'pro' },
      accountPlan: 'free',
      keys: { active: 1, total: 2 },
      lastActivityAt: expect.any(String),
    });
    expect(JSON.stringify(all.body)).not.toMatch(/passwordHash|argon2/);
    const search = await op.client.get(`/api/admin/accounts?q=${encodeURIComponent(u.email.slice(0, 12).toUpperCase())}`);
    expect(search.body.accounts.map((a: { id: string }) => a.id)).toEqual([u.id]);
    expect((await op.client.get(`/api/admin/accounts?q=${u.id}`)).body.accounts.map((a: { id: string }) => a.id)).toEqual([u.id]);
    expect((await op.client.get('/api/admin/accounts?q=%25')).body.total).toBe(0); // LIKE wildcards are literal
    const page = await op.client.get('/api/admin/accounts?limit=2&offset=2');
    expect(page.body).toMatchObject({ total: 3, limit: 2, offset: 2 });
    expect(page.body.accounts).toHaveLength(1);
  });

  it('validates list and audit queries with pointers, unknown parameters included', async () => {
    for (const [q, pointer] of [
      ['limit=0', '/limit'],
      ['limit=201', '/limit'],
      ['offset=-1', '/offset'],
      ['limit=ten', '/limit'],
      ['sort=email', '/sort'],
    ]) {
      const r = await op.client.get(`/api/admin/accounts?${q}`);
      expectProblem(r, 400, 'validation_failed');
      expect(r.body.errors[0].pointer).toBe(pointer);
    }
    for (const [q, pointer] of [
      ['from=yesterday', '/from'],
      ['to=2025-13-01T00:00:00Z', '/to'],
      ['limit=501', '/limit'],
      ['actorType=cli', '/actorType'],
      ['from=2025-02-01T00:00:00Z&to=2025-01-01T00:00:00Z', '/to'],
    ]) {
      const r = await op.client.get(`/api/admin/audit?${q}`);
      expectProblem(r, 400, 'validation_failed');
      expect(r.body.errors[0].pointer).toBe(pointer);
    }
  });

  it("shows any account's keys (hints only, never a full key)", async () => {
    const r = await op.client.get(`/api/admin/accounts/${u.id}/keys`);
    expect(r.status).toBe(200);
    expect(r.body.account).toMatchObject({ id: u.id, email: u.email });
    expect(r.body.keys.map((k: { label: string }) => k.label).sort()).toEqual(['ursula old', 'ursula prod']);
    expect(r.text).not.toContain(uKey.key);
    expectProblem(await op.client.get(`/api/admin/accounts/${NO_SUCH_ID}/keys`), 404, 'not_found');
    expectProblem(await op.client.get('/api/admin/accounts/not-a-uuid/keys'), 404, 'not_found');
  });

  it('suspends and reactivates an account (audited as the admin); the suspended session is refused', async () => {
    const s = await op.client.post(`/api/admin/accounts/${u.id}/suspend`);
    expect(s.status).toBe(200);
    expect(s.body.account).toMatchObject({ id: u.id, status: 'suspended' });
    expectProblem(await u.client.get('/api/keys'), 403, 'account_suspended');
    expectProblem(await new AdminClient(admin.url).login(u.email, u.password), 403, 'account_suspended');
    expect((await op.client.post(`/api/admin/accounts/${u.id}/suspend`)).body.account.status).toBe('suspended'); // idempotent
    const listed = await op.client.get(`/api/admin/accounts?q=${u.id}`);
    expect(listed.body.accounts[0].status).toBe('suspended');
    const r = await op.client.post(`/api/admin/accounts/${u.id}/reactivate`);
    expect(r.body.account.status).toBe('active');
    expect((await u.client.get('/api/keys')).status).toBe(200);
    const events = await withPgClient(
      admin.db.url,
      async (c) => (await c.query(`SELECT action, actor_type, actor_id FROM audit_event WHERE target_id = $1 AND action LIKE 'account.%' ORDER BY created_at`, [u.id])).rows,
    );
    expect(events).toEqual([
      { action: 'account.create', actor_type: 'account', actor_id: u.id },
      { action: 'account.email_verify', actor_type: 'account', actor_id: u.id },
      { action: 'account.suspend', actor_type: 'admin', actor_id: op.id },
      { action: 'account.reactivate', actor_type: 'admin', actor_id: op.id },
    ]);
    expectProblem(await op.client.post(`/api/admin/accounts/${NO_SUCH_ID}/suspend`), 404, 'not_found');
    expectProblem(await op.client.post('/api/admin/accounts/nope/reactivate'), 404, 'not_found');
  });

  it('an admin cannot suspend their own account (409)', async () => {
    expectProblem(await op.client.post(`/api/admin/accounts/${op.id}/suspend`), 409, 'conflict');
    expect((await op.client.get('/api/auth/me')).body.account.status).toBe('active');
  });

  it("revokes any account's key", async () => {
    const k = (await v.client.post('/api/keys', { label: 'victor ci' })).body;
    const r = await op.client.post(`/api/admin/keys/${k.id}/revoke`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: k.id, status: 'revoked' });
    expect(r.body).not.toHaveProperty('key');
    expect((await v.client.get(`/api/keys/${k.id}`)).body.status).toBe('revoked');
    expectProblem(await op.client.post(`/api/admin/keys/${NO_SUCH_ID}/revoke`), 404, 'not_found');
    expectProblem(await op.client.post('/api/admin/keys/xyz/revoke'), 404, 'not_found');
  });

  it('filters the audit log by actor, action (or prefix), target and time range; newest first', async () => {
    const all = await op.client.get('/api/admin/audit');
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThan(5);
    const times = all.body.events.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.body.events[0]).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      actor: expect.any(Object),
      action: expect.any(String),
      target: expect.any(Object),
      before: expect.anything(),
      after: expect.anything(),
      requestId: expect.anything(),
      ip: expect.anything(),
    });
    expect(all.text).not.toContain(uKey.key);

    const byAdmin = await op.client.get(`/api/admin/audit?actor=${op.id}`);
    expect(new Set(byAdmin.body.events.map((e: { actor: { id: string } }) => e.actor.id))).toEqual(new Set([op.id]));
    const byLabel = await op.client.get(`/api/admin/audit?actor=${encodeURIComponent(v.email.slice(0, 10))}`);
    expect(byLabel.body.total).toBeGreaterThan(0);
    expect(byLabel.body.events.every((e: { actor: { label: string } }) => e.actor.label.startsWith(v.email.slice(0, 10)))).toBe(true);
    const byType = await op.client.get('/api/admin/audit?actor=cli');
    expect(byType.body.events.map((e: { actor: { type: string } }) => e.actor.type)).toEqual(['cli']);

    const keyEvents = await op.client.get('/api/admin/audit?action=key');
    expect(keyEvents.body.total).toBeGreaterThan(0);
    expect(keyEvents.body.events.every((e: { action: string }) => e.action.startsWith('key.'))).toBe(true);
    const revokes = await op.client.get('/api/admin/audit?action=key.revoke');
    expect(new Set(revokes.body.events.map((e: { action: string }) => e.action))).toEqual(new Set(['key.revoke']));

    const target = await op.client.get(`/api/admin/audit?target=${uKey.id}`);
    expect(target.body.events.map((e: { action: string }) => e.action)).toEqual(['key.create']);
    expect(target.body.events[0].target).toEqual({ type: 'api_key', id: uKey.id });
    const byTargetType = await op.client.get('/api/admin/audit?target=api_key&limit=2');
    expect(byTargetType.body.events).toHaveLength(2);
    expect(byTargetType.body.limit).toBe(2);

    const future = await op.client.get(`/api/admin/audit?from=${new Date(Date.now() + 3_600_000).toISOString()}`);
    expect(future.body).toMatchObject({ total: 0, events: [] });
    const past = await op.client.get('/api/admin/audit?to=2000-01-01T00:00:00Z');
    expect(past.body.total).toBe(0);
    const window = await op.client.get(`/api/admin/audit?from=${new Date(Date.now() - 3_600_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`);
    expect(window.body.total).toBe(all.body.total);
  });

  it('reports the knowledge base: the active release (none before the API starts) and the curated pack: version, counts, sources', async () => {
    const res = await op.client.get('/api/admin/kb');
    expect(res.status).toBe(200);
    expect(res.body.release).toBeNull();
    const r = { body: res.body.curated };
    expect(r.body).toMatchObject({
      version: expect.any(String),
      releasedAt: expect.any(String),
      counts: { sources: expect.any(Number), ingredients: expect.any(Number), rules: expect.any(Number) },
    });
    expect(r.body.counts.rules).toBeGreaterThan(0);
    expect(r.body.sources.length).toBe(r.body.counts.sources);
    expect(r.body.sources[0]).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      license: expect.any(String),
      nonCommercial: false,
      url: expect.anything(),
      rules: expect.any(Number),
      citedByRules: expect.any(Number),
      pathways: expect.any(Number),
    });
    const sum = Object.values(r.body.rulesBySeverity as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBe(r.body.counts.rules);
  });
});
