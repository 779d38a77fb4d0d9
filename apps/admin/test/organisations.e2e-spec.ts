import { withPgClient } from '@vigil/testing';
import type { AdminClient } from './support/admin-client';
import { expectProblem, loggedToken, signedInAdmin, signedUpUser } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

type User = Awaited<ReturnType<typeof signedUpUser>>;

/**
 * Organisations end to end through the admin API: invitations (link in the log without SMTP, token never elsewhere),
 * the role × action matrix enforced on real routes, removal revoking personal keys in the same transaction, leaving,
 * ownership transfer, and the key policy at creation.
 */
describe('/api/orgs: organisations, members, invitations, key policy', () => {
  let admin: RunningAdmin;
  let owner: User;
  let adm: User;
  let dev: User;
  let viewer: User;
  let stranger: User;
  let org: string;
  const tokens: string[] = [];

  beforeAll(async () => {
    admin = await startAdmin({ LOG_LEVEL: 'info' });
    [owner, adm, dev, viewer, stranger] = await Promise.all(['owner', 'adm', 'dev', 'viewer', 'stranger'].map((t) => signedUpUser(admin, t)));
    const r = await owner.client.post('/api/orgs', { name: 'St Elsewhere pharmacy' });
    expect(r.status).toBe(201);
    org = r.body.id;
    for (const [u, role] of [
      [adm, 'admin'],
      [dev, 'developer'],
      [viewer, 'viewer'],
    ] as const) {
      await invite(owner.client, u.email, role);
      const token = loggedToken(admin, u.email, 'invite');
      tokens.push(token);
      const accepted = await u.client.post('/api/invitations/accept', { token });
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ id: org, role });
    }
  });
  afterAll(async () => {
    await admin.close();
  });

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => withPgClient(admin.db.url, async (c) => (await c.query(text, params)).rows as T[]);
  async function invite(client: AdminClient, email: string, role: string) {
    const r = await client.post(`/api/orgs/${org}/invitations`, { email, role });
    expect(r.status).toBe(201);
    return r.body;
  }
  const del = (client: AdminClient, path: string) => client.request('DELETE', path);

  it('every account has its own one-member organisation; the new one lists every member by role', async () => {
    const mine = await dev.client.get('/api/orgs');
    expect(mine.status).toBe(200);
    expect(mine.body.organisations.map((o: { name: string; role: string }) => [o.name, o.role])).toEqual([
      [dev.email, 'owner'],
      ['St Elsewhere pharmacy', 'developer'],
    ]);
    const members = await viewer.client.get(`/api/orgs/${org}/members`);
    expect(members.body.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [adm.email, 'admin'],
      [dev.email, 'developer'],
      [viewer.email, 'viewer'],
    ]);
    // Each member's view lists what their role may do (the dashboard shows controls by it, not by role names).
    const actionsOf = async (m: User) => ((await m.client.get(`/api/orgs/${org}`)).body as { actions: string[] }).actions;
    expect(await actionsOf(owner)).toEqual(expect.arrayContaining(['org.delete', 'org.transfer_ownership', 'webhooks.manage', 'audit.verify']));
    expect(await actionsOf(adm)).toEqual(expect.arrayContaining(['members.manage', 'policy.set', 'webhooks.manage']));
    expect(await actionsOf(adm)).not.toContain('org.delete');
    expect(await actionsOf(dev)).toEqual([
      'org.read',
      'policy.read',
      'members.read',
      'projects.read',
      'keys.read',
      'keys.create',
      'keys.manage_own',
      'service_keys.manage',
      'usage.read',
      'audit.read',
      'webhooks.read',
    ]);
    expect(await actionsOf(viewer)).toEqual(['org.read', 'policy.read', 'members.read', 'projects.read', 'keys.read', 'usage.read', 'audit.read']);
    // Not a member: the organisation does not exist for them.
    expectProblem(await stranger.client.get(`/api/orgs/${org}`), 404, 'not_found');
    expectProblem(await stranger.client.get(`/api/orgs/${org}/keys`), 404, 'not_found');
  });

  it('the permission matrix on real routes: viewers read only, developers make keys, admins manage members and policy, only the owner transfers', async () => {
    const policy = { maxKeyLifetimeSeconds: null, requireIpAllowlist: false, allowedScopes: null, allowedIps: [] };
    // viewer
    expect((await viewer.client.get(`/api/orgs/${org}/keys`)).status).toBe(200);
    expect((await viewer.client.get(`/api/orgs/${org}/policy`)).status).toBe(200);
    expectProblem(await viewer.client.post(`/api/orgs/${org}/keys`, { label: 'nope' }), 403, 'org_permission_denied');
    expectProblem(await viewer.client.request('PUT', `/api/orgs/${org}/policy`, { body: policy }), 403, 'org_permission_denied');
    expectProblem(await viewer.client.post(`/api/orgs/${org}/invitations`, { email: 'x@example.com', role: 'viewer' }), 403, 'org_permission_denied');
    // developer
    const devKey = await dev.client.post(`/api/orgs/${org}/keys`, { label: 'pharmacy module' });
    expect(devKey.status).toBe(201);
    expect(devKey.body).toMatchObject({ organisationId: org, kind: 'personal', createdBy: dev.id });
    expectProblem(await dev.client.request('PUT', `/api/orgs/${org}/policy`, { body: policy }), 403, 'org_permission_denied');
    expectProblem(await dev.client.patch(`/api/orgs/${org}/members/${viewer.id}`, { role: 'developer' }), 403, 'org_permission_denied');
    expectProblem(await dev.client.post(`/api/orgs/${org}/transfer-ownership`, { accountId: dev.id }), 403, 'org_permission_denied');
    // A developer manages their own keys, not another member's.
    const admKey = await adm.client.post(`/api/orgs/${org}/keys`, { label: 'admin key' });
    expectProblem(await dev.client.post(`/api/orgs/${org}/keys/${admKey.body.id}/revoke`), 403, 'org_permission_denied');
    const rolled = await dev.client.post(`/api/orgs/${org}/keys/${devKey.body.id}/roll`, { gracePeriodSeconds: 0 });
    expect(rolled.status).toBe(201);
    // admin: any key, members (not the owner), policy; not ownership.
    expect((await adm.client.post(`/api/orgs/${org}/keys/${rolled.body.successor.id}/revoke`)).body.status).toBe('revoked');
    expect((await adm.client.patch(`/api/orgs/${org}/members/${viewer.id}`, { role: 'developer' })).body).toMatchObject({ role: 'developer' });
    expect((await adm.client.patch(`/api/orgs/${org}/members/${viewer.id}`, { role: 'viewer' })).body).toMatchObject({ role: 'viewer' });
    expectProblem(await adm.client.patch(`/api/orgs/${org}/members/${owner.id}`, { role: 'viewer' }), 403, 'org_permission_denied');
    expectProblem(await del(adm.client, `/api/orgs/${org}/members/${owner.id}`), 403, 'org_permission_denied');
    expectProblem(await adm.client.post(`/api/orgs/${org}/transfer-ownership`, { accountId: adm.id }), 403, 'org_permission_denied');
    expect((await adm.client.request('PUT', `/api/orgs/${org}/policy`, { body: policy })).status).toBe(200);
    // Nobody makes an owner by a role change (ownership moves only by transfer).
    expectProblem(await owner.client.patch(`/api/orgs/${org}/members/${adm.id}`, { role: 'owner' }), 400, 'validation_failed');
    // Every change above is audited.
    const actions = (await sql<{ action: string }>(`SELECT action FROM audit_event WHERE action LIKE 'organisation.%' ORDER BY seq`)).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['organisation.create', 'organisation.invitation.create', 'organisation.invitation.accept', 'organisation.member.role', 'organisation.policy.set']),
    );
  });

  it('invitations: single use, another address is refused, expired links fail, tokens stored hashed and never in an API answer', async () => {
    // Used already.
    expectProblem(await adm.client.post('/api/invitations/accept', { token: tokens[0] }), 400, 'link_invalid');
    const other = await signedUpUser(admin, 'invitee');
    const inv = await invite(adm.client, other.email, 'developer');
    expect(inv).toMatchObject({ email: other.email, role: 'developer', status: 'pending', invitedBy: adm.email });
    expect(JSON.stringify(inv)).not.toMatch(/[0-9a-f]{64}/);
    const token = loggedToken(admin, other.email, 'invite');
    tokens.push(token);
    expect((await new (owner.client.constructor as typeof AdminClient)(admin.url).post('/api/invitations/lookup', { token })).body).toMatchObject({
      organisationName: 'St Elsewhere pharmacy',
      email: other.email,
      role: 'developer',
    });
    expectProblem(await stranger.client.post('/api/invitations/accept', { token }), 403, 'invitation_email_mismatch');
    await sql(`UPDATE organisation_invitation SET expires_at = now() - interval '1 second' WHERE id = $1`, [inv.id]);
    expectProblem(await other.client.post('/api/invitations/accept', { token }), 400, 'link_invalid');
    // A revoked invitation cannot be accepted either; a new one replaces an older pending one.
    await invite(adm.client, other.email, 'viewer');
    const first = loggedToken(admin, other.email, 'invite');
    await invite(adm.client, other.email, 'viewer');
    const second = loggedToken(admin, other.email, 'invite');
    tokens.push(first, second);
    expectProblem(await other.client.post('/api/invitations/accept', { token: first }), 400, 'link_invalid');
    const list = await owner.client.get(`/api/orgs/${org}/invitations`);
    const pending = list.body.invitations.filter((i: { status: string }) => i.status === 'pending');
    expect(pending).toHaveLength(1);
    expect((await owner.client.post(`/api/orgs/${org}/invitations/${pending[0].id}/revoke`)).body.status).toBe('revoked');
    expectProblem(await other.client.post('/api/invitations/accept', { token: second }), 400, 'link_invalid');
    expectProblem(await owner.client.post(`/api/orgs/${org}/invitations`, { email: dev.email, role: 'viewer' }), 409, 'already_member');
    expectProblem(await owner.client.post(`/api/orgs/${org}/invitations`, { email: 'x@example.com', role: 'owner' }), 400, 'validation_failed');
    const stored = await sql<{ token_hash: string }>(`SELECT token_hash FROM organisation_invitation`);
    for (const t of tokens) expect(stored.map((r) => r.token_hash)).not.toContain(t);
  });

  it('removing a member revokes their personal keys in the same transaction (audited); other keys stay', async () => {
    const k1 = await dev.client.post(`/api/orgs/${org}/keys`, { label: 'dev one' });
    const k2 = await dev.client.post(`/api/orgs/${org}/keys`, { label: 'dev two' });
    const own = await dev.client.post('/api/keys', { label: 'dev personal org' });
    const ownerKey = await owner.client.post(`/api/orgs/${org}/keys`, { label: 'owner' });
    const removed = await del(adm.client, `/api/orgs/${org}/members/${dev.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.revokedKeyIds.sort()).toEqual([k1.body.id, k2.body.id].sort());
    const statuses = await sql<{ id: string; status: string }>(`SELECT id, status FROM api_key WHERE id = ANY($1::uuid[])`, [
      [k1.body.id, k2.body.id, own.body.id, ownerKey.body.id],
    ]);
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [k1.body.id]: 'revoked',
      [k2.body.id]: 'revoked',
      [own.body.id]: 'active', // the member's key in their own organisation
      [ownerKey.body.id]: 'active',
    });
    const audit = await sql<{ action: string; target_id: string; after: { reason?: string } }>(
      `SELECT action, target_id, after FROM audit_event WHERE (action = 'key.revoke' AND target_id = ANY($1::text[])) OR action = 'organisation.member.remove' ORDER BY seq`,
      [[k1.body.id, k2.body.id]],
    );
    expect(audit.map((a) => a.action)).toEqual(['key.revoke', 'key.revoke', 'organisation.member.remove']);
    // Webhooks of the organisation's keys go to the organisation's endpoints, whoever made or removed the key.
    const events = await sql<{ type: string; organisation_id: string }>(
      `SELECT type, organisation_id FROM webhook_event WHERE payload->'data'->>'keyId' = ANY($1::text[]) ORDER BY created_at`,
      [[k1.body.id, k2.body.id]],
    );
    expect(events.map((e) => e.type).sort()).toEqual(['key.created', 'key.created', 'key.revoked', 'key.revoked']);
    expect(new Set(events.map((e) => e.organisation_id))).toEqual(new Set([org]));
    expect(audit[0].after.reason).toBe('member_removed');
    expectProblem(await dev.client.get(`/api/orgs/${org}`), 404, 'not_found');
  });

  it('leave and transfer ownership: the owner cannot leave; after the transfer the old owner is an admin', async () => {
    expectProblem(await owner.client.post(`/api/orgs/${org}/leave`), 409, 'org_owner_cannot_leave');
    expectProblem(await owner.client.post(`/api/orgs/${org}/transfer-ownership`, { accountId: stranger.id }), 404, 'not_found');
    const t = await owner.client.post(`/api/orgs/${org}/transfer-ownership`, { accountId: adm.id });
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({ owner: { accountId: adm.id }, role: 'admin' });
    const roles = (await adm.client.get(`/api/orgs/${org}/members`)).body.members.map((m: { email: string; role: string }) => [m.email, m.role]);
    expect(roles).toEqual([
      [adm.email, 'owner'],
      [owner.email, 'admin'],
      [viewer.email, 'viewer'],
    ]);
    const left = await viewer.client.post(`/api/orgs/${org}/leave`);
    expect(left.status).toBe(200);
    expectProblem(await viewer.client.get(`/api/orgs/${org}/members`), 404, 'not_found');
  });

  it('key policy: creation refused with the code naming the rule; existing non-compliant keys are counted, not revoked', async () => {
    const before = await adm.client.post(`/api/orgs/${org}/keys`, { label: 'before the policy' });
    const set = await adm.client.request('PUT', `/api/orgs/${org}/policy`, {
      body: { maxKeyLifetimeSeconds: 30 * 86_400, requireIpAllowlist: true, allowedScopes: ['interactions:check', 'drugs:read'], allowedIps: ['10.0.0.0/8'] },
    });
    expect(set.status).toBe(200);
    expect(set.body.nonCompliantKeys).toBeGreaterThanOrEqual(1);
    const in10 = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const ok = { label: 'compliant', expiresAt: in10, allowedIps: ['10.1.0.0/16'], scopes: ['interactions:check'] };
    const expectPolicy = (r: Awaited<ReturnType<AdminClient['post']>>, code: string, pointer: string) => {
      expectProblem(r, 403, code);
      expect(r.body.errors[0]).toMatchObject({ pointer, code: 'org_policy' });
    };
    expectPolicy(await adm.client.post(`/api/orgs/${org}/keys`, { ...ok, expiresAt: undefined }), 'org_policy_max_lifetime', '/expiresAt');
    expectPolicy(
      await adm.client.post(`/api/orgs/${org}/keys`, { ...ok, expiresAt: new Date(Date.now() + 40 * 86_400_000).toISOString() }),
      'org_policy_max_lifetime',
      '/expiresAt',
    );
    expectPolicy(await adm.client.post(`/api/orgs/${org}/keys`, { ...ok, allowedIps: undefined }), 'org_policy_ip_allowlist_required', '/allowedIps');
    expectPolicy(await adm.client.post(`/api/orgs/${org}/keys`, { ...ok, scopes: ['kb:read'] }), 'org_policy_scope_not_allowed', '/scopes');
    const created = await adm.client.post(`/api/orgs/${org}/keys`, ok);
    expect(created.status).toBe(201);
    // Changing a key out of policy is refused the same way; rolling a non-compliant key too.
    expectProblem(await adm.client.patch(`/api/keys/${created.body.id}`, { scopes: ['kb:read'] }), 403, 'org_policy_scope_not_allowed');
    expectProblem(await adm.client.post(`/api/orgs/${org}/keys/${before.body.id}/roll`, { gracePeriodSeconds: 60 }), 403, 'org_policy_max_lifetime');
    expect((await sql<{ status: string }>(`SELECT status FROM api_key WHERE id = $1`, [before.body.id]))[0].status).toBe('active');
    expectProblem(
      await adm.client.request('PUT', `/api/orgs/${org}/policy`, { body: { maxKeyLifetimeSeconds: 60, requireIpAllowlist: false, allowedScopes: null, allowedIps: [] } }),
      400,
      'validation_failed',
    );
    const audit = await sql<{ before: unknown; after: { allowedIps: string[] } }>(
      `SELECT before, after FROM audit_event WHERE action = 'organisation.policy.set' ORDER BY seq DESC LIMIT 1`,
    );
    expect(audit[0].after.allowedIps).toEqual(['10.0.0.0/8']);
  });

  it('the internal admin sees every organisation; no invitation token ever reaches a request log line', async () => {
    const op = await signedInAdmin(admin);
    expect((await op.client.get(`/api/admin/orgs`)).body.organisations.some((o: { id: string }) => o.id === org)).toBe(true);
    const requestLines = admin.logs.lines.filter((l) => !l.includes('SMTP_URL is not set'));
    for (const t of tokens) expect(requestLines.join('\n')).not.toContain(t);
  });
});
