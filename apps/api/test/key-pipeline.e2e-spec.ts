import { checksumOf, generateApiKey, hashApiKey } from '@vigil/auth';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { type RunningApi, startApi } from './support/start-api';
import { seedKey, withPgClient } from '@vigil/testing';
import { ApiKeyPrincipalService } from '../src/keys/api-key-principal.service';
import { changeKey } from './support/seed';
import { waitFor } from './support/wait-for';

const get = (api: RunningApi, path: string, headers: Record<string, string> = {}) => fetch(`${api.url}${path}`, { headers });

describe.each([
  ['memory rate-limit storage', ''],
  ['Redis rate-limit storage', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'],
])('key pipeline with %s', (_name, redisUrl) => {
  let db: TestDatabase;
  let api: RunningApi;

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startApi({ REDIS_URL: redisUrl }, db);
  });
  afterAll(async () => {
    await api.close();
    await db.drop();
  });

  async function problem(res: Response, status: number, code: string) {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = await res.json();
    expect(body).toMatchObject({ status, code, type: expect.stringContaining('https://vigil.dev/problems/'), requestId: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(/\bat \w+ \(|stack/);
    return body;
  }

  it('401 api_key_missing with WWW-Authenticate', async () => {
    const res = await get(api, '/v1/key');
    await problem(res, 401, 'api_key_missing');
    expect(res.headers.get('www-authenticate')).toBe('ApiKey');
  });

  it.each([
    ['wrong prefix', () => generateApiKey('other')],
    [
      'bad checksum',
      () => {
        const k = generateApiKey('vigil');
        return k.slice(0, -1) + (k.endsWith('a') ? 'b' : 'a');
      },
    ],
    ['too short', () => 'vigil_abc'],
    [
      'bad alphabet',
      () => {
        const body = `vigil_${'x'.repeat(29)}!`;
        return body + checksumOf(body);
      },
    ],
  ])('401 api_key_malformed: %s', async (_n, make) => {
    await problem(await get(api, '/v1/key', { 'x-api-key': make() }), 401, 'api_key_malformed');
  });

  it('ignores keys anywhere but the x-api-key header', async () => {
    const { key } = await seedKey(db.url);
    await problem(await get(api, `/v1/key?api_key=${key}`, { authorization: `Bearer ${key}` }), 401, 'api_key_missing');
  });

  it('401 api_key_invalid for a well-formed unknown key', async () => {
    await problem(await get(api, '/v1/key', { 'x-api-key': generateApiKey('vigil') }), 401, 'api_key_invalid');
  });

  it('a flood of one made-up key costs one database lookup; creating that key makes it work at once', async () => {
    const principals = api.app.get(ApiKeyPrincipalService);
    const key = generateApiKey('vigil');
    const before = principals.lookups;
    for (let i = 0; i < 25; i++) await problem(await get(api, '/v1/key', { 'x-api-key': key }), 401, 'api_key_invalid');
    expect(principals.lookups - before).toBe(1);
    // Other key changes leave the unknown hash cached; a key-created event clears it.
    const other = await seedKey(db.url);
    await changeKey(db.url, other.keyId, `UPDATE api_key SET label = 'renamed' WHERE id = $1`);
    await problem(await get(api, '/v1/key', { 'x-api-key': key }), 401, 'api_key_invalid');
    expect(principals.lookups - before).toBe(1);
    const {
      rows: [k],
    } = await withPgClient(db.url, (c) =>
      c.query(`INSERT INTO api_key (account_id, key_hash, hint, label, scopes) SELECT account_id, $1, 'vigil_…new', 'new', scopes FROM api_key WHERE id = $2 RETURNING id`, [
        hashApiKey(key),
        other.keyId,
      ]),
    );
    await withPgClient(db.url, (c) => c.query(`SELECT pg_notify('vigil_key_events', $1)`, [JSON.stringify({ type: 'key', keyId: k.id, created: true })]));
    await waitFor(async () => (await get(api, '/v1/key', { 'x-api-key': key })).status === 200, 2000);
  });

  it('200 for a valid key, with rate-limit headers', async () => {
    const { key, keyId } = await seedKey(db.url, { rateLimit: { limit: 50, windowSeconds: 60 } });
    const res = await get(api, '/v1/key', { 'x-api-key': key });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: keyId, rateLimit: { limit: 50, windowSeconds: 60 } });
    expect(res.headers.get('ratelimit-policy')).toBe('"key";q=50;w=60');
    expect(res.headers.get('ratelimit')).toMatch(/^"key";r=49;t=\d+$/);
    expect(res.headers.get('x-ratelimit-limit')).toBe('50');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('49');
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
  });

  it.each([
    ['revoked', { status: 'revoked' as const }, 401, 'api_key_revoked'],
    ['stored expired', { status: 'expired' as const }, 401, 'api_key_expired'],
    ['expired by time', { expiresAt: new Date(Date.now() - 1000) }, 401, 'api_key_expired'],
    ['account suspended', { accountStatus: 'suspended' as const }, 403, 'account_suspended'],
  ])('%s → %s %s', async (_n, opts, status, code) => {
    const { key } = await seedKey(db.url, opts);
    await problem(await get(api, '/v1/key', { 'x-api-key': key }), status, code);
  });

  it('403 ip_not_allowed outside the allowlist; 200 inside (IPv4 loopback, v4-mapped)', async () => {
    const outside = await seedKey(db.url, { allowedIps: ['10.0.0.0/8', '2001:db8::/32'] });
    const body = await problem(await get(api, '/v1/key', { 'x-api-key': outside.key }), 403, 'ip_not_allowed');
    expect(body.detail).toContain('127.0.0.1');
    const inside = await seedKey(db.url, { allowedIps: ['127.0.0.0/8'] });
    expect((await get(api, '/v1/key', { 'x-api-key': inside.key })).status).toBe(200);
  });

  it('ignores a spoofed X-Forwarded-For from an untrusted peer', async () => {
    const { key } = await seedKey(db.url, { allowedIps: ['203.0.113.0/24'] });
    await problem(await get(api, '/v1/key', { 'x-api-key': key, 'x-forwarded-for': '203.0.113.5' }), 403, 'ip_not_allowed');
  });

  it('a rejected call does not consume quota; the limit answers 429 with Retry-After', async () => {
    const { key, keyId } = await seedKey(db.url, { rateLimit: { limit: 3, windowSeconds: 60 } });
    // Deny the key by IP twice, then allow it again: quota must be untouched.
    await changeKey(db.url, keyId, `UPDATE api_key SET allowed_ips = '{10.0.0.0/8}' WHERE id = $1`);
    await waitFor(async () => (await get(api, '/v1/key', { 'x-api-key': key })).status === 403);
    await get(api, '/v1/key', { 'x-api-key': key });
    await changeKey(db.url, keyId, `UPDATE api_key SET allowed_ips = '{}' WHERE id = $1`);
    // Wait for the change event to reach the key cache, asking the cache itself: a request would spend quota.
    const principals = api.app.get(ApiKeyPrincipalService);
    await waitFor(async () => (await principals.findByHash(hashApiKey(key)))?.allowedIps.length === 0);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await get(api, '/v1/key', { 'x-api-key': key });
      statuses.push(last.status);
      if (i < 4) await last.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const body = await problem(last!, 429, 'rate_limited');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(last!.headers.get('ratelimit')).toMatch(/^"key";r=0;t=\d+$/);
    expect(body).toMatchObject({ limit: 3, windowSeconds: 60 });
  });

  it('revocation is enforced by this instance as soon as the change commits', async () => {
    const { key, keyId } = await seedKey(db.url);
    expect((await get(api, '/v1/key', { 'x-api-key': key })).status).toBe(200); // cached now
    const t0 = Date.now();
    await changeKey(db.url, keyId, `UPDATE api_key SET status = 'revoked', revoked_at = now() WHERE id = $1`);
    await waitFor(async () => (await get(api, '/v1/key', { 'x-api-key': key })).status === 401, 1000);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('counts usage per key, day and outcome in batches and sets lastUsedAt', async () => {
    const { key, keyId } = await seedKey(db.url, { rateLimit: { limit: 2, windowSeconds: 60 } });
    for (let i = 0; i < 4; i++) await (await get(api, '/v1/key', { 'x-api-key': key })).arrayBuffer();
    await api.app.get(UsageRecorder).flush();
    const rows = await withPgClient(db.url, (c) =>
      c.query(`SELECT allowed::int, rate_limited::int, denied::int, (SELECT last_used_at IS NOT NULL FROM api_key WHERE id = $1) AS used FROM api_key_usage WHERE key_id = $1`, [
        keyId,
      ]),
    );
    expect(rows.rows).toEqual([{ allowed: 2, rate_limited: 2, denied: 0, used: true }]);
  });

  it('never writes a key to the logs', async () => {
    const { key } = await seedKey(db.url);
    await get(api, '/v1/key', { 'x-api-key': key });
    await get(api, '/v1/key', { 'x-api-key': `${key}x` });
    await new Promise((r) => setTimeout(r, 50));
    expect(api.logs.lines.length).toBeGreaterThan(0);
    expect(api.logs.text()).not.toContain(key);
    expect(api.logs.text()).not.toContain(key.slice(6, 30));
  });
});

import { UsageRecorderService as UsageRecorder } from '../src/keys/usage-recorder.service';
