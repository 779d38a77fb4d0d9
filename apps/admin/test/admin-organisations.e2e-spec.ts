import { withPgClient } from '@vigil/testing';
import { AdminClient } from './support/admin-client';
import { expectProblem, signedInAdmin, signedUpUser } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

/**
 * The internal admin's read routes for organisations (`/api/admin/orgs…`): search with size and plan, one
 * organisation, its projects with caps, key policy and audit events. Members of an organisation who are not internal
 * admins are refused every one of them.
 */
describe('/api/admin/orgs: the internal admin reads organisations', () => {
  let admin: RunningAdmin;
  let op: Awaited<ReturnType<typeof signedInAdmin>>;
  let owner: Awaited<ReturnType<typeof signedUpUser>>;
  let org: string;
  const name = `Ward pharmacy ${Date.now().toString(36)}`;

  beforeAll(async () => {
    admin = await startAdmin();
    [op, owner] = await Promise.all([signedInAdmin(admin), signedUpUser(admin, 'aoowner')]);
    org = (await owner.client.post('/api/orgs', { name })).body.id;
    await owner.client.post(`/api/orgs/${org}/projects`, { name: 'Dispensing', rateLimit: { limit: 5, windowSeconds: 60 }, monthlyQuota: 1000 });
    await owner.client.post(`/api/orgs/${org}/keys`, { label: 'live' });
    const revoked = await owner.client.post(`/api/orgs/${org}/keys`, { label: 'gone' });
    await owner.client.post(`/api/orgs/${org}/keys/${revoked.body.id}/revoke`);
  });
  afterAll(async () => {
    await admin.close();
  });

  it('lists organisations newest first with owner, members, projects, active keys and plan; q searches name, owner email and id', async () => {
    const all = await op.client.get('/api/admin/orgs?limit=200');
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(3); // the owner's own, the admin's own, the new one
    const row = all.body.organisations.find((o: { id: string }) => o.id === org);
    expect(row).toMatchObject({ name, owner: { email: owner.email }, memberCount: 1, projectCount: 2, keyCount: 1, plan: { id: expect.any(String), name: expect.any(String) } });
    const times = all.body.organisations.map((o: { createdAt: string }) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    for (const q of [name.slice(5, 20).toUpperCase(), org]) {
      const found = await op.client.get(`/api/admin/orgs?q=${encodeURIComponent(q)}`);
      expect(found.body.organisations.map((o: { id: string }) => o.id)).toEqual([org]);
      expect(found.body.total).toBe(1);
    }
    const byOwner = await op.client.get(`/api/admin/orgs?q=${encodeURIComponent(owner.email)}`);
    // Their own one-member organisation (named after the address) and the new one.
    expect(byOwner.body.organisations.map((o: { id: string }) => o.id)).toContain(org);
    expect(byOwner.body.total).toBe(2);
    expect(byOwner.body.organisations.every((o: { owner: { email: string } }) => o.owner.email === owner.email)).toBe(true);
    // LIKE wildcards are text, not patterns.
    expect((await op.client.get('/api/admin/orgs?q=%25')).body.total).toBe(0);
    const page = await op.client.get('/api/admin/orgs?limit=1&offset=1');
    expect(page.body).toMatchObject({ limit: 1, offset: 1, total: all.body.total });
    expect(page.body.organisations[0].id).toBe(all.body.organisations[1].id);
    expectProblem(await op.client.get('/api/admin/orgs?limit=0'), 400, 'validation_failed');
    expectProblem(await op.client.get('/api/admin/orgs?sort=name'), 400, 'validation_failed');
  });

  it('reads one organisation, its projects with caps, key policy and audit events; unknown ids are 404', async () => {
    const one = await op.client.get(`/api/admin/orgs/${org}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: org, name, projectCount: 2, keyCount: 1 });
    const projects = await op.client.get(`/api/admin/orgs/${org}/projects`);
    expect(projects.body.projects.map((p: { name: string }) => p.name)).toEqual(['Default', 'Dispensing']);
    expect(projects.body.projects[1]).toMatchObject({ rateLimit: { limit: 5, windowSeconds: 60 }, monthlyQuota: 1000 });
    const policy = await op.client.get(`/api/admin/orgs/${org}/policy`);
    expect(policy.body).toEqual({ maxKeyLifetimeSeconds: null, requireIpAllowlist: false, allowedScopes: null, allowedIps: [], nonCompliantKeys: 0 });
    const audit = await op.client.get(`/api/admin/orgs/${org}/audit?limit=500`);
    const actions = audit.body.events.map((e: { action: string }) => e.action);
    for (const a of ['organisation.create', 'project.create', 'key.create', 'key.revoke']) expect(actions).toContain(a);
    const dispensing = projects.body.projects[1].id;
    const narrowed = await op.client.get(`/api/admin/orgs/${org}/audit?projectId=${dispensing}`);
    expect(narrowed.body.events.map((e: { action: string }) => e.action)).toEqual(['project.create']);
    expectProblem(await op.client.get(`/api/admin/orgs/${org}/audit?limit=501`), 400, 'validation_failed');

    // Reading writes nothing to the audit log.
    const count = async () => withPgClient(admin.db.url, async (c) => Number((await c.query(`SELECT count(*) AS n FROM audit_event`)).rows[0].n));
    const before = await count();
    await op.client.get(`/api/admin/orgs/${org}`);
    await op.client.get(`/api/admin/orgs/${org}/policy`);
    expect(await count()).toBe(before);

    for (const path of ['', '/projects', '/policy', '/audit', '/members']) {
      expectProblem(await op.client.get(`/api/admin/orgs/00000000-0000-4000-8000-000000000000${path}`), 404, 'not_found');
      expectProblem(await op.client.get(`/api/admin/orgs/not-a-uuid${path}`), 404, 'not_found');
    }
  });

  it('refuses callers without a session (401) and members who are not internal admins, even the owner (403)', async () => {
    const anon = new AdminClient(admin.url);
    for (const path of ['', `/${org}`, `/${org}/projects`, `/${org}/policy`, `/${org}/audit`]) {
      expectProblem(await anon.get(`/api/admin/orgs${path}`), 401, 'unauthenticated');
      expectProblem(await owner.client.get(`/api/admin/orgs${path}`), 403, 'forbidden');
    }
  });
});
