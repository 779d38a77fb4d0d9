import { withPgClient } from '@vigil/testing';
import { expectProblem, signedUpUser } from './support/fixtures';
import { AdminClient } from './support/admin-client';
import { type RunningAdmin, startAdmin } from './support/start-admin';

describe('/api/keys: own keys only, shown in full once', () => {
  let admin: RunningAdmin;
  let a: Awaited<ReturnType<typeof signedUpUser>>;
  let b: Awaited<ReturnType<typeof signedUpUser>>;
  beforeAll(async () => {
    admin = await startAdmin();
    a = await signedUpUser(admin, 'alice');
    b = await signedUpUser(admin, 'bob');
  });
  afterAll(async () => {
    await admin.close();
  });

  it('creates a key: the full key only in the POST response, with Cache-Control: no-store', async () => {
    const r = await a.client.post('/api/keys', {
      label: 'EHR production',
      scopes: ['interactions:check'],
      allowedIps: ['203.0.113.7', '10.0.0.0/8'],
      rateLimit: { limit: 100, windowSeconds: 60 },
    });
    expect(r.status).toBe(201);
    expect(r.headers['cache-control']).toBe('no-store');
    const key: string = r.body.key;
    expect(key).toMatch(/^vigil_/);
    expect(r.body).toMatchObject({
      label: 'EHR production',
      status: 'active',
      scopes: ['interactions:check'],
      allowedIps: ['203.0.113.7', '10.0.0.0/8'],
      rateLimit: { limit: 100, windowSeconds: 60 },
      effectiveRateLimit: { limit: 100, windowSeconds: 60 },
      lastUsedAt: null,
    });
    expect(r.body.hint).toMatch(/^vigil_.{4}….{4}$/);
    expect(key.startsWith(r.body.hint.split('…')[0])).toBe(true);

    const list = await a.client.get('/api/keys');
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(key);
    expect(list.body.keys[0]).not.toHaveProperty('key');
    const one = await a.client.get(`/api/keys/${r.body.id}`);
    expect(one.status).toBe(200);
    expect(one.text).not.toContain(key);
    expect(one.body).not.toHaveProperty('key');
    expect(one.body).toMatchObject({ id: r.body.id, hint: r.body.hint });
    // Nothing stored holds the key: only its SHA-256.
    const stored = await withPgClient(admin.db.url, async (c) => (await c.query('SELECT row_to_json(k)::text AS j FROM api_key k WHERE id = $1', [r.body.id])).rows[0].j as string);
    expect(stored).not.toContain(key);
    const audit = await withPgClient(
      admin.db.url,
      async (c) => (await c.query(`SELECT coalesce(string_agg(row_to_json(e)::text, ''), '') AS j FROM audit_event e`)).rows[0].j as string,
    );
    expect(audit).not.toContain(key);
  });

  it('defaults: every scope, any IP, the plan rate limit', async () => {
    const r = await a.client.post('/api/keys', { label: 'defaults' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      scopes: ['interactions:check', 'drugs:read', 'kb:read', 'cds:invoke'],
      allowedIps: [],
      rateLimit: null,
      effectiveRateLimit: { limit: 600, windowSeconds: 60 },
      expiresAt: null,
    });
  });

  it('validation errors are problem+json with JSON pointers', async () => {
    const r = await a.client.post('/api/keys', {
      label: '',
      scopes: ['admin:everything'],
      allowedIps: ['not-an-ip'],
      rateLimit: { limit: 0, windowSeconds: 60 },
      expiresAt: 'tomorrow',
      owner: 'x',
    });
    expectProblem(r, 400, 'validation_failed');
    const pointers = new Set(r.body.errors.map((e: { pointer: string }) => e.pointer));
    // A bad list entry is named by its index, and the message quotes it (no "$value" placeholder).
    for (const p of ['/label', '/scopes/0', '/allowedIps/0', '/rateLimit/limit', '/expiresAt', '/owner']) expect(pointers).toContain(p);
    expect(r.body.errors).toContainEqual({ pointer: '/allowedIps/0', code: 'format', message: '"not-an-ip" is not an IPv4/IPv6 address or CIDR range' });
    expect(r.body.errors).toContainEqual(expect.objectContaining({ pointer: '/label', code: 'empty' }));
    expect(r.body.errors).toContainEqual(expect.objectContaining({ pointer: '/scopes/0', code: 'enum' }));
    expect(r.body.errors).toContainEqual(expect.objectContaining({ pointer: '/rateLimit/limit', code: 'range' }));
    expect(r.body.errors).toContainEqual(expect.objectContaining({ pointer: '/expiresAt', code: 'format' }));
    expect(r.body.errors).toContainEqual({ pointer: '/owner', code: 'unknown_field', message: 'unknown field "owner"' });
    const hostBits = await a.client.post('/api/keys', { label: 'x', allowedIps: ['10.0.0.0/8', '10.1.2.3/8'] });
    expectProblem(hostBits, 400, 'validation_failed');
    expect(hostBits.body.errors).toEqual([expect.objectContaining({ pointer: '/allowedIps/1' })]);
    const past = await a.client.post('/api/keys', { label: 'x', expiresAt: '2001-01-01T00:00:00Z' });
    expectProblem(past, 400, 'validation_failed');
    expect(past.body.errors[0].pointer).toBe('/expiresAt');
    expectProblem(await a.client.request('POST', '/api/keys', { raw: '{"label": "x",' }), 400, 'invalid_json');
    const patch = await a.client.patch(`/api/keys/${(await a.client.get('/api/keys')).body.keys[0].id}`, { scopes: [] });
    expectProblem(patch, 400, 'validation_failed');
    expect(patch.body.errors[0].pointer).toBe('/scopes');
  });

  it('an empty scopes list is refused on create as on edit, saying why; leaving scopes out still gives every public scope', async () => {
    const empty = await a.client.post('/api/keys', { label: 'no scope', scopes: [] });
    expectProblem(empty, 400, 'validation_failed');
    expect(empty.body.errors).toEqual([
      { pointer: '/scopes', code: 'min_items', message: expect.stringMatching(/^a key needs at least one scope: a key without one can call nothing/) },
    ]);
    const id = (await a.client.get('/api/keys')).body.keys[0].id;
    const patched = await a.client.patch(`/api/keys/${id}`, { scopes: [] });
    expectProblem(patched, 400, 'validation_failed');
    expect(patched.body.errors).toEqual(empty.body.errors);
    const omitted = await a.client.post('/api/keys', { label: 'all scopes' });
    expect(omitted.status).toBe(201);
    expect(omitted.body.scopes).toEqual(['interactions:check', 'drugs:read', 'kb:read', 'cds:invoke']);
  });

  it('every bad IP allowlist entry is reported at once, at its own index, quoting it and saying what is wrong', async () => {
    const r = await a.client.post('/api/keys', { label: 'x', allowedIps: ['10.0.0.0/8', '10.1.2.3/8', 'zz', '1.2.3.4/33'] });
    expectProblem(r, 400, 'validation_failed');
    expect(r.body.errors).toEqual([
      { pointer: '/allowedIps/1', code: 'format', message: '"10.1.2.3/8" has host bits set: did you mean 10.0.0.0/8?' },
      { pointer: '/allowedIps/2', code: 'format', message: '"zz" is not an IPv4/IPv6 address or CIDR range' },
      { pointer: '/allowedIps/3', code: 'format', message: '"1.2.3.4/33": the prefix length must be 0–32' },
    ]);
    expect(r.text).not.toContain('$value');
    const id = (await a.client.get('/api/keys')).body.keys[0].id;
    const patched = await a.client.patch(`/api/keys/${id}`, { allowedIps: ['2001:db8::1/32'] });
    expect(patched.body.errors).toEqual([{ pointer: '/allowedIps/0', code: 'format', message: '"2001:db8::1/32" has host bits set: did you mean 2001:db8::/32?' }]);
  });

  it('updates restrictions; null clears the rate limit and expiry', async () => {
    const created = (await a.client.post('/api/keys', { label: 'to edit', rateLimit: { limit: 5, windowSeconds: 1 }, expiresAt: new Date(Date.now() + 86_400_000).toISOString() }))
      .body;
    const r = await a.client.patch(`/api/keys/${created.id}`, { label: 'edited', scopes: ['drugs:read'], allowedIps: ['2001:db8::/32'], rateLimit: null, expiresAt: null });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ label: 'edited', scopes: ['drugs:read'], allowedIps: ['2001:db8::/32'], rateLimit: null, expiresAt: null });
    expect(r.body).not.toHaveProperty('key');
  });

  it('account B can never see or touch account A’s keys: 404, and nothing changes', async () => {
    const aKey = (await a.client.post('/api/keys', { label: 'alice only' })).body;
    const bList = await b.client.get('/api/keys');
    expect(bList.body.keys.map((k: { id: string }) => k.id)).not.toContain(aKey.id);
    expectProblem(await b.client.get(`/api/keys/${aKey.id}`), 404, 'not_found');
    expectProblem(await b.client.patch(`/api/keys/${aKey.id}`, { label: 'mine now' }), 404, 'not_found');
    expectProblem(await b.client.post(`/api/keys/${aKey.id}/revoke`), 404, 'not_found');
    // Same answer as for a key that does not exist, or an id that is not one.
    const missing = await b.client.get('/api/keys/00000000-0000-4000-8000-000000000000');
    expectProblem(missing, 404, 'not_found');
    expect(missing.body.detail).toBe((await b.client.get(`/api/keys/${aKey.id}`)).body.detail);
    expectProblem(await b.client.get('/api/keys/not-a-uuid'), 404, 'not_found');
    const after = await a.client.get(`/api/keys/${aKey.id}`);
    expect(after.body).toMatchObject({ label: 'alice only', status: 'active' });
  });

  it('revokes: idempotent, and a revoked key cannot be edited', async () => {
    const k = (await a.client.post('/api/keys', { label: 'short-lived' })).body;
    const r = await a.client.post(`/api/keys/${k.id}/revoke`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: k.id, status: 'revoked', revokedAt: expect.any(String) });
    expect((await a.client.post(`/api/keys/${k.id}/revoke`)).body.status).toBe('revoked');
    expectProblem(await a.client.patch(`/api/keys/${k.id}`, { label: 'again' }), 409, 'conflict');
  });

  it('needs a session (401) and the CSRF header for every change (403 csrf_failed)', async () => {
    const anon = new AdminClient(admin.url);
    const id = (await a.client.get('/api/keys')).body.keys.find((k: { status: string }) => k.status === 'active').id;
    for (const [method, path] of [
      ['GET', '/api/keys'],
      ['POST', '/api/keys'],
      ['GET', `/api/keys/${id}`],
      ['PATCH', `/api/keys/${id}`],
      ['POST', `/api/keys/${id}/revoke`],
    ] as const) {
      expectProblem(await anon.request(method, path, { body: method === 'GET' ? undefined : {} }), 401, 'unauthenticated');
    }
    expectProblem(await a.client.post('/api/keys', { label: 'no csrf' }, { csrf: false }), 403, 'csrf_failed');
    expectProblem(await a.client.patch(`/api/keys/${id}`, { label: 'no csrf' }, { csrf: false }), 403, 'csrf_failed');
    expectProblem(await a.client.post(`/api/keys/${id}/revoke`, undefined, { csrf: b.client.csrfToken }), 403, 'csrf_failed');
    expect((await a.client.get(`/api/keys/${id}`)).body.status).toBe('active');
  });

  it('enforces the plan’s key cap with 409 conflict', async () => {
    const c = await signedUpUser(admin, 'capped');
    await withPgClient(admin.db.url, (db) => db.query(`UPDATE account SET trial_plan = NULL, trial_ends_at = NULL WHERE id = $1`, [c.id]));
    for (let i = 0; i < 3; i++) expect((await c.client.post('/api/keys', { label: `k${i}` })).status).toBe(201);
    expectProblem(await c.client.post('/api/keys', { label: 'one too many' }), 409, 'conflict');
  });
});
