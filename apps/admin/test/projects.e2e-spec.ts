import { withPgClient } from '@vigil/testing';
import type { AdminClient } from './support/admin-client';
import { expectProblem, joinOrganisation, signedUpUser } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

type User = Awaited<ReturnType<typeof signedUpUser>>;

/**
 * Projects through the admin API: CRUD (owners and admins), caps only below the owner's plan, keys in a project,
 * service keys that survive their maker's removal, and usage and audit filtered by project.
 */
describe('/api/orgs/:orgId/projects: projects, service keys, usage and audit by project', () => {
  let admin: RunningAdmin;
  let owner: User;
  let dev: User;
  let viewer: User;
  let org: string;

  beforeAll(async () => {
    admin = await startAdmin();
    [owner, dev, viewer] = await Promise.all(['powner', 'pdev', 'pviewer'].map((t) => signedUpUser(admin, t)));
    org = (await owner.client.post('/api/orgs', { name: 'Pharmacy group' })).body.id;
    await joinOrganisation(admin, owner.client, org, dev, 'developer');
    await joinOrganisation(admin, owner.client, org, viewer, 'viewer');
  });
  afterAll(async () => {
    await admin.close();
  });

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => withPgClient(admin.db.url, async (c) => (await c.query(text, params)).rows as T[]);
  const del = (client: AdminClient, path: string) => client.request('DELETE', path);

  it('CRUD: owners and admins manage, members read; names unique; caps at or below the plan; a project with keys stays', async () => {
    const list = await viewer.client.get(`/api/orgs/${org}/projects`);
    expect(list.body.projects.map((p: { name: string }) => p.name)).toEqual(['Default']);
    expectProblem(await dev.client.post(`/api/orgs/${org}/projects`, { name: 'nope' }), 403, 'org_permission_denied');
    const created = await owner.client.post(`/api/orgs/${org}/projects`, { name: 'Dispensing', rateLimit: { limit: 5, windowSeconds: 60 }, monthlyQuota: 1000 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Dispensing', rateLimit: { limit: 5, windowSeconds: 60 }, monthlyQuota: 1000, activeKeys: 0 });
    expectProblem(await owner.client.post(`/api/orgs/${org}/projects`, { name: 'dispensing' }), 409, 'conflict');
    const above = await owner.client.post(`/api/orgs/${org}/projects`, { name: 'Greedy', rateLimit: { limit: 10_000_000 / 10, windowSeconds: 1 }, monthlyQuota: 10_000_000_000 });
    expectProblem(above, 403, 'project_cap_above_plan');
    expect(above.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['/monthlyQuota', '/rateLimit']);
    expectProblem(await owner.client.post(`/api/orgs/${org}/projects`, { name: 'x', monthlyQuota: -1 }), 400, 'validation_failed');
    const renamed = await owner.client.patch(`/api/orgs/${org}/projects/${created.body.id}`, { name: 'Dispensing module', monthlyQuota: null });
    expect(renamed.body).toMatchObject({ name: 'Dispensing module', monthlyQuota: null, rateLimit: { limit: 5, windowSeconds: 60 } });
    const empty = await owner.client.post(`/api/orgs/${org}/projects`, { name: 'Scratch' });
    expect((await del(owner.client, `/api/orgs/${org}/projects/${empty.body.id}`)).status).toBe(204);
    const key = await owner.client.post(`/api/orgs/${org}/keys`, { label: 'in dispensing', projectId: created.body.id });
    expect(key.body).toMatchObject({ projectId: created.body.id, kind: 'personal' });
    expectProblem(await del(owner.client, `/api/orgs/${org}/projects/${created.body.id}`), 409, 'conflict');
    // A project of another organisation is not found.
    const other = (await dev.client.get('/api/orgs')).body.organisations.find((o: { role: string }) => o.role === 'owner').id;
    const otherProject = (await dev.client.get(`/api/orgs/${other}/projects`)).body.projects[0].id;
    expectProblem(await owner.client.post(`/api/orgs/${org}/keys`, { label: 'cross', projectId: otherProject }), 404, 'not_found');
    const actions = (await sql<{ action: string }>(`SELECT action FROM audit_event WHERE action LIKE 'project.%' ORDER BY seq`)).map((r) => r.action);
    expect(actions).toEqual(['project.create', 'project.update', 'project.create', 'project.delete']);
  });

  it('service keys belong to the project: a developer makes them, a viewer cannot, and they survive the maker’s removal', async () => {
    const project = (await owner.client.get(`/api/orgs/${org}/projects`)).body.projects.find((p: { name: string }) => p.name === 'Dispensing module');
    expectProblem(await viewer.client.post(`/api/orgs/${org}/keys`, { label: 'svc', kind: 'service', projectId: project.id }), 403, 'org_permission_denied');
    const svc = await dev.client.post(`/api/orgs/${org}/keys`, { label: 'dispensing service', kind: 'service', projectId: project.id });
    expect(svc.status).toBe(201);
    expect(svc.body).toMatchObject({ kind: 'service', projectId: project.id, createdBy: dev.id });
    const personal = await dev.client.post(`/api/orgs/${org}/keys`, { label: 'dev personal', projectId: project.id });
    const removed = await del(owner.client, `/api/orgs/${org}/members/${dev.id}`);
    expect(removed.body.revokedKeyIds).toEqual([personal.body.id]);
    const rows = await sql<{ id: string; status: string }>(`SELECT id, status FROM api_key WHERE id = ANY($1::uuid[]) ORDER BY label`, [[svc.body.id, personal.body.id]]);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [svc.body.id]: 'active', [personal.body.id]: 'revoked' });
    // Its maker, gone, has no hold on it: the personal routes reach only personal keys of a current member.
    expectProblem(await dev.client.get(`/api/keys/${svc.body.id}`), 404, 'not_found');
    expectProblem(await dev.client.post(`/api/keys/${svc.body.id}/roll`, { gracePeriodSeconds: 60 }), 404, 'not_found');
    expectProblem(await dev.client.post(`/api/keys/${svc.body.id}/revoke`), 404, 'not_found');
    expectProblem(await dev.client.get(`/api/keys/${svc.body.id}/cds-client`), 404, 'not_found');
    expect((await dev.client.get('/api/keys')).body.keys.map((k: { id: string }) => k.id)).not.toContain(svc.body.id);
    // The owner manages the service key after its maker left.
    expect((await owner.client.post(`/api/orgs/${org}/keys/${svc.body.id}/roll`, { gracePeriodSeconds: 60 })).body.successor).toMatchObject({
      kind: 'service',
      projectId: project.id,
    });
  });

  it('a member demoted to viewer can no longer change their own personal key (the matrix holds on /api/keys too)', async () => {
    expect((await owner.client.patch(`/api/orgs/${org}/members/${viewer.id}`, { role: 'developer' })).status).toBe(200);
    const key = await viewer.client.post(`/api/orgs/${org}/keys`, { label: 'briefly a developer' });
    expect(key.status).toBe(201);
    expect((await owner.client.patch(`/api/orgs/${org}/members/${viewer.id}`, { role: 'viewer' })).status).toBe(200);
    expect((await viewer.client.get(`/api/keys/${key.body.id}`)).status).toBe(200);
    expectProblem(await viewer.client.post(`/api/keys/${key.body.id}/revoke`), 403, 'org_permission_denied');
    expectProblem(await viewer.client.patch(`/api/keys/${key.body.id}`, { label: 'renamed' }), 403, 'org_permission_denied');
    expectProblem(await viewer.client.post(`/api/orgs/${org}/keys/${key.body.id}/roll`, { gracePeriodSeconds: 0 }), 403, 'org_permission_denied');
    expect((await owner.client.post(`/api/orgs/${org}/keys/${key.body.id}/revoke`)).body.status).toBe('revoked');
  });

  it('usage and audit filter by project', async () => {
    const projects = (await owner.client.get(`/api/orgs/${org}/projects`)).body.projects as { id: string; name: string }[];
    const dispensing = projects.find((p) => p.name === 'Dispensing module')!;
    const defKey = (await owner.client.post(`/api/orgs/${org}/keys`, { label: 'default key' })).body;
    const dispKey = (await owner.client.get(`/api/orgs/${org}/keys`)).body.keys.find(
      (k: { projectId: string; status: string }) => k.projectId === dispensing.id && k.status === 'active',
    );
    const today = new Date().toISOString().slice(0, 10);
    await sql(`INSERT INTO api_key_usage (key_id, day, allowed, rate_limited, denied) VALUES ($1, $3, 7, 1, 0), ($2, $3, 3, 0, 2)`, [dispKey.id, defKey.id, today]);
    const all = await viewer.client.get(`/api/orgs/${org}/usage?days=7`);
    expect(all.status).toBe(200);
    expect(all.body.days.at(-1)).toEqual({ day: today, allowed: 10, rateLimited: 1, denied: 2 });
    expect(Object.fromEntries(all.body.projects.map((p: { name: string; allowed: number }) => [p.name, p.allowed]))).toEqual({ Default: 3, 'Dispensing module': 7 });
    // Per project and day (the chart's series and the CSV's rows): zeros included, one entry per day of the range.
    const disp = all.body.projects.find((p: { name: string }) => p.name === 'Dispensing module');
    expect(disp.daily).toHaveLength(7);
    expect(disp.daily.at(-1)).toEqual({ day: today, allowed: 7, rateLimited: 1, denied: 0 });
    expect(disp.daily.slice(0, -1).every((d: { allowed: number; rateLimited: number; denied: number }) => d.allowed + d.rateLimited + d.denied === 0)).toBe(true);
    const one = await viewer.client.get(`/api/orgs/${org}/usage?days=7&projectId=${dispensing.id}`);
    expect(one.body.days.at(-1)).toEqual({ day: today, allowed: 7, rateLimited: 1, denied: 0 });
    expect(one.body.projects.map((p: { name: string }) => p.name)).toEqual(['Dispensing module']);
    expect(one.body).toMatchObject({ tags: [], untaggedAllowed: 7 });

    // By usage tag, as GET /api/usage: most allowed first; untagged = the rest of the allowed calls; a project narrows it.
    await sql(`INSERT INTO api_key_tag_usage (key_id, day, tag, allowed, rate_limited) VALUES ($1, $3, 'pharmacy', 5, 1), ($2, $3, 'ward', 2, 0), ($1, $4, 'pharmacy', 50, 0)`, [
      dispKey.id,
      defKey.id,
      today,
      '2000-01-01',
    ]);
    const tagged = await viewer.client.get(`/api/orgs/${org}/usage?days=7`);
    expect(tagged.body.tags).toEqual([
      { tag: 'pharmacy', allowed: 5, rateLimited: 1 },
      { tag: 'ward', allowed: 2, rateLimited: 0 },
    ]);
    expect(tagged.body.untaggedAllowed).toBe(3);
    const taggedOne = await viewer.client.get(`/api/orgs/${org}/usage?days=7&projectId=${dispensing.id}`);
    expect(taggedOne.body).toMatchObject({ tags: [{ tag: 'pharmacy', allowed: 5, rateLimited: 1 }], untaggedAllowed: 2 });
    expectProblem(await viewer.client.get(`/api/orgs/${org}/usage?projectId=nope`), 400, 'validation_failed');

    const audit = await viewer.client.get(`/api/orgs/${org}/audit?projectId=${dispensing.id}&limit=100`);
    expect(audit.status).toBe(200);
    const targets = new Set(audit.body.events.map((e: { target: { type: string } }) => e.target.type));
    expect([...targets].sort()).toEqual(['api_key', 'project']);
    expect(audit.body.events.some((e: { target: { id: string } }) => e.target.id === defKey.id)).toBe(false);
    const everything = await viewer.client.get(`/api/orgs/${org}/audit?limit=500`);
    const actions = new Set(everything.body.events.map((e: { action: string }) => e.action));
    for (const a of ['organisation.create', 'organisation.invitation.accept', 'organisation.member.remove', 'project.create', 'key.create', 'key.roll'])
      expect(actions).toContain(a);
    expect(everything.body.events.some((e: { target: { id: string } }) => e.target.id === defKey.id)).toBe(true);
    expect(everything.body.total).toBeGreaterThan(audit.body.total);
  });
});
