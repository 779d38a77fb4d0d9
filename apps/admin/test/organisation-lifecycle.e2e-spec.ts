import { AuditChainRepository, KEY_EVENTS_CHANNEL } from '@vigil/db';
import { withPgClient } from '@vigil/testing';
import { DataSource } from 'typeorm';
import { expectProblem, loggedToken, signedInAdmin, signedUpUser } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

type User = Awaited<ReturnType<typeof signedUpUser>>;

/**
 * Per-organisation audit chains through the admin API (the organisation's view, its verification, a tamper), resending
 * an invitation, and deleting an organisation (keys revoked and announced, invitations withdrawn, 404 afterwards, the
 * chain still verifiable).
 */
describe('/api/orgs: audit chains, invitation resend, deletion', () => {
  let admin: RunningAdmin;
  let owner: User;
  let adm: User;
  let dev: User;
  let stranger: User;
  let operator: Awaited<ReturnType<typeof signedInAdmin>>;
  let org: string;
  let other: string;

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => withPgClient(admin.db.url, async (c) => (await c.query(text, params)).rows as T[]);
  const chainOf = (id: string) => sql<{ seq: string; action: string }>(`SELECT seq, action FROM audit_event WHERE chain = $1 ORDER BY seq`, [`org:${id}`]);
  async function join(u: User, role: string) {
    expect((await owner.client.post(`/api/orgs/${org}/invitations`, { email: u.email, role })).status).toBe(201);
    expect((await u.client.post('/api/invitations/accept', { token: loggedToken(admin, u.email, 'invite') })).status).toBe(200);
  }

  beforeAll(async () => {
    admin = await startAdmin({ LOG_LEVEL: 'info' });
    [owner, adm, dev, stranger] = await Promise.all(['owner', 'adm', 'dev', 'stranger'].map((t) => signedUpUser(admin, t)));
    operator = await signedInAdmin(admin);
    org = (await owner.client.post('/api/orgs', { name: 'Northwind clinic' })).body.id;
    other = (await stranger.client.post('/api/orgs', { name: 'Other clinic' })).body.id;
    await join(adm, 'admin');
    await join(dev, 'developer');
  });
  afterAll(async () => {
    await admin.close();
  });

  it('organisation events go to the organisation’s chain, platform events stay in deployment', async () => {
    expect((await chainOf(org)).map((e) => e.action)).toEqual([
      'organisation.create',
      'organisation.invitation.create',
      'organisation.invitation.accept',
      'organisation.invitation.create',
      'organisation.invitation.accept',
    ]);
    expect((await chainOf(org)).map((e) => Number(e.seq))).toEqual([1, 2, 3, 4, 5]);
    const deployment = await sql<{ action: string }>(`SELECT DISTINCT action FROM audit_event WHERE chain = 'deployment' ORDER BY action`);
    expect(deployment.map((r) => r.action)).toEqual(expect.arrayContaining(['account.create', 'session.login']));
    expect(deployment.map((r) => r.action).filter((a) => a.startsWith('organisation.') || a.startsWith('key.') || a.startsWith('project.'))).toEqual([]);
  });

  it('two organisations append at once: a transaction holding one chain’s lock does not hold up the other', async () => {
    await withPgClient(admin.db.url, async (c) => {
      await c.query('BEGIN');
      await c.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`vigil_audit_chain:org:${org}`]);
      // Org A's chain is locked by this open transaction; org B's append commits regardless.
      const r = await stranger.client.post(`/api/orgs/${other}/projects`, { name: 'Lab' });
      expect(r.status).toBe(201);
      await c.query('ROLLBACK');
    });
    // And appends to both chains in parallel leave both contiguous and intact.
    await Promise.all([
      ...['P1', 'P2', 'P3'].map((name) => owner.client.post(`/api/orgs/${org}/projects`, { name })),
      ...['Q1', 'Q2', 'Q3'].map((name) => stranger.client.post(`/api/orgs/${other}/projects`, { name })),
    ]);
    for (const [id, client] of [
      [org, owner.client],
      [other, stranger.client],
    ] as const) {
      expect((await client.get(`/api/orgs/${id}/audit/verify`)).body).toMatchObject({ ok: true });
      const seqs = (await chainOf(id)).map((e) => Number(e.seq));
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
  });

  it('the organisation’s audit view reads its chain and still shows the events written before it had one', async () => {
    // An event of the organisation written when every event went to the deployment chain.
    const ds = admin.app.get(DataSource);
    await new AuditChainRepository(ds).append(ds.manager, {
      actorType: 'cli',
      actorId: null,
      actorLabel: 'cli:legacy',
      action: 'organisation.rename',
      targetType: 'organisation',
      targetId: org,
      before: { name: 'Old name' },
      after: { name: 'Northwind clinic' },
      requestId: null,
      ip: null,
    });
    const view = await dev.client.get(`/api/orgs/${org}/audit?limit=500`);
    expect(view.status).toBe(200);
    const actions = view.body.events.map((e: { action: string }) => e.action);
    expect(actions).toContain('organisation.rename'); // from deployment
    expect(actions.filter((a: string) => a === 'project.create')).toHaveLength(3); // from the organisation's chain
    expect(view.body.total).toBe((await chainOf(org)).length + 1);
    // Nothing of the other organisation.
    expect(view.body.events.every((e: { after: { organisationId?: string } | null }) => e.after?.organisationId !== other)).toBe(true);
  });

  it('GET /audit/verify: owners and admins see their chain intact, others may not; an edit shows where it broke', async () => {
    const ok = await adm.client.get(`/api/orgs/${org}/audit/verify`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ chain: `org:${org}`, ok: true, events: (await chainOf(org)).length, head: { seq: (await chainOf(org)).length } });
    expectProblem(await dev.client.get(`/api/orgs/${org}/audit/verify`), 403, 'org_permission_denied');
    expectProblem(await stranger.client.get(`/api/orgs/${org}/audit/verify`), 404, 'not_found');
    expectProblem(await stranger.client.get(`/api/admin/audit/verify`), 403, 'forbidden');

    const [original] = await sql<{ after: unknown }>(`SELECT after FROM audit_event WHERE chain = $1 AND seq = 6`, [`org:${org}`]);
    await sql(`UPDATE audit_event SET after = jsonb_set(after, '{name}', '"Tampered"') WHERE chain = $1 AND seq = 6`, [`org:${org}`]);
    const broken = await owner.client.get(`/api/orgs/${org}/audit/verify`);
    expect(broken.body).toMatchObject({ ok: false, seq: 6, events: 5, problem: expect.stringMatching(/event 6 was changed/) });
    expect((await stranger.client.get(`/api/orgs/${other}/audit/verify`)).body).toMatchObject({ ok: true });
    // The internal admin may verify any chain.
    const all = await operator.client.get('/api/admin/audit/verify');
    expect(all.status).toBe(200);
    const byChain = Object.fromEntries(all.body.chains.map((c: { chain: string }) => [c.chain, c]));
    expect(all.body.ok).toBe(false);
    expect(byChain[`org:${org}`]).toMatchObject({ ok: false, seq: 6 });
    expect(byChain[`org:${other}`]).toMatchObject({ ok: true });
    expect(byChain.deployment).toMatchObject({ ok: true });
    expect((await operator.client.get(`/api/admin/audit/verify?chain=org:${other}`)).body).toMatchObject({ ok: true, chains: [{ chain: `org:${other}` }] });
    expectProblem(await operator.client.get('/api/admin/audit/verify?chain=no%20spaces'), 400, 'validation_failed');
    // Put it back for what follows.
    await sql(`UPDATE audit_event SET after = $2::jsonb WHERE chain = $1 AND seq = 6`, [`org:${org}`, JSON.stringify(original.after)]);
    expect((await owner.client.get(`/api/orgs/${org}/audit/verify`)).body).toMatchObject({ ok: true });
  });

  it('resending an invitation: a new link (the old one stops working), a new expiry, audited; once a minute at most', async () => {
    const email = 'later@example.com';
    const sent = await owner.client.post(`/api/orgs/${org}/invitations`, { email, role: 'viewer' });
    const first = loggedToken(admin, email, 'invite');
    expectProblem(await adm.client.post(`/api/orgs/${org}/invitations/${sent.body.id}/resend`), 429, 'invitation_resend_too_soon');
    // As if the link had been sent an hour ago, expiring sooner.
    await sql(`UPDATE organisation_invitation SET sent_at = now() - interval '1 hour', expires_at = now() + interval '1 day' WHERE id = $1`, [sent.body.id]);
    expectProblem(await dev.client.post(`/api/orgs/${org}/invitations/${sent.body.id}/resend`), 403, 'org_permission_denied');
    const again = await adm.client.post(`/api/orgs/${org}/invitations/${sent.body.id}/resend`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: sent.body.id, email, status: 'pending' });
    expect(Date.parse(again.body.expiresAt)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const second = loggedToken(admin, email, 'invite');
    expect(second).not.toBe(first);
    expect(JSON.stringify(again.body)).not.toContain(second);
    expectProblem(await owner.client.post('/api/invitations/lookup', { token: first }), 400, 'link_invalid');
    expect((await owner.client.post('/api/invitations/lookup', { token: second })).status).toBe(200);
    const limited = await adm.client.post(`/api/orgs/${org}/invitations/${sent.body.id}/resend`);
    expectProblem(limited, 429, 'invitation_resend_too_soon');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await chainOf(org)).map((e) => e.action)).toContain('organisation.invitation.resend');
    expectProblem(await adm.client.post(`/api/orgs/${org}/invitations/00000000-0000-4000-8000-000000000000/resend`), 404, 'not_found');
  });

  it('deleting: owner only, confirmed by name; every key revoked and announced, invitations withdrawn, then 404; the chain stays verifiable', async () => {
    const personal = await dev.client.post(`/api/orgs/${org}/keys`, { label: 'dev key' });
    const service = await adm.client.post(`/api/orgs/${org}/keys`, { label: 'service', kind: 'service' });
    const pending = await owner.client.post(`/api/orgs/${org}/invitations`, { email: 'never@example.com', role: 'viewer' });
    const pendingToken = loggedToken(admin, 'never@example.com', 'invite');
    expectProblem(await adm.client.request('DELETE', `/api/orgs/${org}`, { body: { confirm: 'Northwind clinic' } }), 403, 'org_permission_denied');
    expectProblem(await owner.client.request('DELETE', `/api/orgs/${org}`, { body: { confirm: 'northwind clinic' } }), 400, 'confirmation_mismatch');
    expectProblem(await owner.client.request('DELETE', `/api/orgs/${org}`, { body: {} }), 400, 'validation_failed');
    expect((await owner.client.get(`/api/orgs/${org}`)).status).toBe(200); // nothing happened

    const announced = new Set<string>();
    const deleted = await withPgClient(admin.db.url, async (c) => {
      await c.query(`LISTEN ${KEY_EVENTS_CHANNEL}`);
      c.on('notification', (n) => {
        const e = JSON.parse(n.payload ?? '{}') as { type: string; keyId?: string };
        if (e.type === 'key' && e.keyId) announced.add(e.keyId);
      });
      const r = await owner.client.request('DELETE', `/api/orgs/${org}`, { body: { confirm: 'Northwind clinic' } });
      // The call returns once its key events reached the listeners; a last round trip flushes any still in flight.
      await c.query('SELECT 1');
      return r;
    });
    expect(deleted.status).toBe(200);
    const stillPending = await sql<{ id: string }>(
      `SELECT id FROM organisation_invitation WHERE organisation_id = $1 AND revoked_at IS NOT NULL AND accepted_at IS NULL AND revoked_at > now() - interval '1 hour' ORDER BY id`,
      [org],
    );
    expect(deleted.body).toMatchObject({ id: org, name: 'Northwind clinic' });
    expect(deleted.body.withdrawnInvitationIds).toContain(pending.body.id);
    expect(deleted.body.withdrawnInvitationIds).toEqual(stillPending.map((r) => r.id)); // the resent one too
    expect(deleted.body.revokedKeyIds.sort()).toEqual([personal.body.id, service.body.id].sort());
    expect([...announced].sort()).toEqual(expect.arrayContaining([personal.body.id, service.body.id]));
    const statuses = await sql<{ status: string }>(`SELECT status FROM api_key WHERE organisation_id = $1`, [org]);
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['revoked']));

    for (const u of [owner, adm, dev]) {
      expectProblem(await u.client.get(`/api/orgs/${org}`), 404, 'not_found');
      expect((await u.client.get('/api/orgs')).body.organisations.map((o: { id: string }) => o.id)).not.toContain(org);
    }
    expectProblem(await owner.client.get(`/api/orgs/${org}/audit`), 404, 'not_found');
    expectProblem(await owner.client.post(`/api/orgs/${org}/keys`, { label: 'after' }), 404, 'not_found');
    expectProblem(await operator.client.get(`/api/admin/orgs/${org}/members`), 404, 'not_found');
    expectProblem(await operator.client.get(`/api/admin/orgs/${org}`), 404, 'not_found');
    expect((await operator.client.get('/api/admin/orgs')).body.organisations.map((o: { id: string }) => o.id)).not.toContain(org);
    expectProblem(await owner.client.post('/api/invitations/lookup', { token: pendingToken }), 400, 'link_invalid');

    const chain = await chainOf(org);
    expect(chain.at(-1)!.action).toBe('organisation.deleted');
    expect(chain.filter((e) => e.action === 'key.revoke')).toHaveLength(2);
    expect((await operator.client.get(`/api/admin/audit/verify?chain=org:${org}`)).body).toMatchObject({ ok: true, chains: [{ ok: true, events: chain.length }] });
  });

  it('an account whose only organisation is deleted can create a new one, and keys there', async () => {
    const solo = await signedUpUser(admin, 'solo');
    const [own] = (await solo.client.get('/api/orgs')).body.organisations;
    expect((await solo.client.request('DELETE', `/api/orgs/${own.id}`, { body: { confirm: own.name } })).status).toBe(200);
    expect((await solo.client.get('/api/orgs')).body.organisations).toEqual([]);
    expectProblem(await solo.client.post('/api/keys', { label: 'nowhere' }), 404, 'not_found');
    const fresh = await solo.client.post('/api/orgs', { name: 'Fresh start' });
    expect(fresh.status).toBe(201);
    expect((await solo.client.post('/api/keys', { label: 'somewhere' })).body).toMatchObject({ organisationId: fresh.body.id });
  });
});
