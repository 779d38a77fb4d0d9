import { hashApiKey } from '@vigil/auth';
import { seedKey } from '@vigil/testing';
import { PUBLIC_SCOPES } from '@vigil/contracts';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { routeManifest, type RouteEntry } from '../src/manifest/route-manifest';
import { changeKey } from './support/seed';
import { type RunningApi, startApi } from './support/start-api';
import { waitFor } from './support/wait-for';
import { ApiKeyPrincipalService } from '../src/keys/api-key-principal.service';

/**
 * The auth surface as data: a committed manifest of every route (method, path, scopes, public flag), and one
 * security suite run over every protected route in it.
 */
describe('route manifest and security suite', () => {
  let db: TestDatabase;
  let api: RunningApi;
  let manifest: RouteEntry[];

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startApi({}, db);
    manifest = routeManifest(api.app);
  });
  afterAll(async () => {
    await api.close();
    await db.drop();
  });

  it('matches the reviewed snapshot (a change here is a permission change)', () => {
    expect(manifest).toMatchSnapshot();
  });

  it('only health, documentation and CDS Hooks discovery routes are public; every other route declares scopes or @AnyKey', () => {
    for (const r of manifest) {
      if (r.public) expect(r.path).toMatch(/^\/(healthz|readyz|openapi\.json|docs|cds-services$)/);
      else expect(r.scopes.length > 0 || r.anyKey).toBe(true);
    }
  });

  const call = (r: RouteEntry, headers: Record<string, string>) =>
    fetch(`${api.url}${r.path.replace(/:\w+/g, 'warfarin')}`, {
      method: r.method,
      headers: { ...headers, ...(r.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      ...(r.method === 'GET' ? {} : { body: '{}' }),
    });

  /** The problem's code and detail, from problem+json or (FHIR routes) the first OperationOutcome issue. */
  async function problem(res: Response): Promise<{ code?: string; detail?: string }> {
    const body = (await res.json()) as { code?: string; detail?: string; resourceType?: string; issue?: { details: { coding: { code: string }[]; text: string } }[] };
    if (body.resourceType === 'OperationOutcome') return { code: body.issue?.[0].details.coding[0].code, detail: body.issue?.[0].details.text };
    return body;
  }
  const code = async (res: Response) => (await problem(res)).code;

  it('every protected route: 401 without, with a malformed, and with a revoked key; 403 from a wrong IP or without its scope; 429 over the limit; a rejected call costs no quota', async () => {
    const protectedRoutes = manifest.filter((r) => !r.public);
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const r of protectedRoutes) {
      const label = `${r.method} ${r.path}`;
      expect([label, await code(await call(r, {}))]).toEqual([label, 'api_key_missing']);
      expect([label, await code(await call(r, { 'x-api-key': 'vigil_not-a-key' }))]).toEqual([label, 'api_key_malformed']);
      const revoked = await seedKey(db.url, { status: 'revoked' });
      expect([label, await code(await call(r, { 'x-api-key': revoked.key }))]).toEqual([label, 'api_key_revoked']);
      const wrongIp = await seedKey(db.url, { allowedIps: ['192.0.2.0/24'] });
      expect([label, await code(await call(r, { 'x-api-key': wrongIp.key }))]).toEqual([label, 'ip_not_allowed']);
      if (r.scopes.length) {
        const noScope = await seedKey(db.url, { scopes: PUBLIC_SCOPES.filter((s) => !r.scopes.includes(s)) });
        const res = await call(r, { 'x-api-key': noScope.key });
        expect(res.status).toBe(403);
        expect((await problem(res)).detail).toContain(r.scopes[0]);
      }
      // Quota: 2 per window. Two rejected calls first (wrong IP), then exactly two admitted calls, then 429.
      const limited = await seedKey(db.url, { rateLimit: { limit: 2, windowSeconds: 60 }, allowedIps: ['192.0.2.0/24'] });
      await call(r, { 'x-api-key': limited.key });
      await call(r, { 'x-api-key': limited.key });
      await changeKey(db.url, limited.keyId, `UPDATE api_key SET allowed_ips = '{}' WHERE id = $1`);
      // Wait for the change event to reach the key cache, asking the cache itself (a request would spend quota).
      const principals = api.app.get(ApiKeyPrincipalService);
      await waitFor(async () => (await principals.findByHash(hashApiKey(limited.key)))?.allowedIps.length === 0);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await call(r, { 'x-api-key': limited.key })).status === 429 ? 429 : 'admitted');
      expect([label, statuses]).toEqual([label, ['admitted', 'admitted', 429]]);
    }
  });
});
