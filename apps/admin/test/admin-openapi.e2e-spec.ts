import { createConfig, lintFromString } from '@redocly/openapi-core';
import { ADMIN_ROUTES, ADMIN_ROUTE_DOCS, adminRouteKey, buildAdminOpenApiDocument } from '@vigil/contracts';
import { randomUUID } from 'node:crypto';
import { AdminClient } from './support/admin-client';
import { signedUpUser } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

/**
 * The admin API's OpenAPI document at `GET /openapi.json`: what it says about each route (who may call it) is
 * checked against what the running app does, and it passes Redocly's recommended lint.
 */
describe('admin OpenAPI document', () => {
  let admin: RunningAdmin;
  let doc: Record<string, any>;
  let user: AdminClient;

  beforeAll(async () => {
    admin = await startAdmin({ REDIS_URL: '' });
    const r = await new AdminClient(admin.url).get('/openapi.json');
    expect(r.status).toBe(200);
    doc = r.body;
    user = (await signedUpUser(admin, 'openapi')).client;
  });
  afterAll(() => admin?.close());

  it('is served without a session and is the document the contracts build', () => {
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildAdminOpenApiDocument())));
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
  });

  it('passes Redocly lint with the recommended ruleset: 0 errors, 0 warnings', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  // A path with every parameter filled by a random id: the access check runs before the route looks anything up.
  const concrete = (path: string) => path.replace(/:version/, 'curated-2026.01.01-00000000').replace(/:\w+/g, () => randomUUID());

  const signedIn = ADMIN_ROUTES.filter((r) => ['session', 'internal-admin'].includes(ADMIN_ROUTE_DOCS[adminRouteKey(r)].access));
  it.each(signedIn.map((r) => [adminRouteKey(r), r] as const))('%s: without a session, 401 unauthenticated as documented', async (_k, route) => {
    const r = await new AdminClient(admin.url).request(route.method, concrete(route.path), route.body ? { body: {} } : {});
    expect([r.status, r.body?.code]).toEqual([401, 'unauthenticated']);
  });

  const open = ADMIN_ROUTES.filter((r) => ADMIN_ROUTE_DOCS[adminRouteKey(r)].access === 'public');
  it.each(open.map((r) => [adminRouteKey(r), r] as const))('%s: documented public, answers without a session', async (_k, route) => {
    const r = await new AdminClient(admin.url).request(route.method, concrete(route.path), route.body ? { body: {} } : {});
    expect(r.body?.code).not.toBe('unauthenticated');
    expect(r.status).not.toBe(401);
  });

  const adminOnly = ADMIN_ROUTES.filter((r) => ADMIN_ROUTE_DOCS[adminRouteKey(r)].access === 'internal-admin');
  it.each(adminOnly.map((r) => [adminRouteKey(r), r] as const))('%s: documented internal-admin, refused to an ordinary account', async (_k, route) => {
    const r = await user.request(route.method, concrete(route.path), route.body ? { body: {} } : {});
    expect([r.status, r.body?.code]).toEqual([403, 'forbidden']);
  });

  // Signing out would end the session the other cases use.
  const own = ADMIN_ROUTES.filter((r) => ADMIN_ROUTE_DOCS[adminRouteKey(r)].access === 'session' && adminRouteKey(r) !== 'POST /api/auth/logout');
  it.each(own.map((r) => [adminRouteKey(r), r] as const))('%s: documented for any signed-in account, not refused as admin-only', async (_k, route) => {
    const r = await user.request(route.method, concrete(route.path), route.body ? { body: {} } : {});
    expect(r.body?.code).not.toBe('forbidden');
  });
});
