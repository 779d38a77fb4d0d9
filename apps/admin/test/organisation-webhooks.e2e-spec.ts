import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { withPgClient } from '@vigil/testing';
import { Webhook } from 'standardwebhooks';
import type { AdminClient } from './support/admin-client';
import { expectProblem, joinOrganisation, signedInAdmin, signedUpUser } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';
import { eventually } from './support/eventually';
import { WebhookReceiver } from './support/webhook-receiver';

const cliPath = join(__dirname, '..', 'dist', 'cli.js');

type User = Awaited<ReturnType<typeof signedUpUser>>;
interface Event {
  type: string;
  data: Record<string, unknown>;
}

/**
 * Organisation webhook endpoints end to end (#16 item 5 follow-up): the real admin app and delivery worker, a real
 * receiver on loopback, every delivery verified with the independent `standardwebhooks` library. An event about a key
 * reaches the endpoints of the key's organisation whoever acted; the matrix (owners and admins manage, developers read,
 * viewers neither) is enforced on the real routes.
 */
describe('/api/orgs/:orgId/webhooks: endpoints owned by the organisation', () => {
  let admin: RunningAdmin;
  const receiver = new WebhookReceiver();
  let owner: User;
  let adm: User;
  let dev: User;
  let viewer: User;
  let stranger: User;
  let org: string;
  let orgEndpoint: { id: string; secret: string; previous?: string };
  const secretsSeen: string[] = [];

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => withPgClient(admin.db.url, async (c) => (await c.query(text, params)).rows as T[]);
  const del = (client: AdminClient, path: string) => client.request('DELETE', path);
  /** The events a path received, each verified with one of `secrets` (a delivery made before a rotation carries only the old signature). */
  const eventsAt = (path: string, ...secrets: string[]): Event[] =>
    receiver.at(path).map((r) => {
      for (const s of secrets) {
        try {
          return new Webhook(s).verify(r.body, r.headers) as Event;
        } catch {
          // try the next secret
        }
      }
      throw new Error(`a delivery to ${path} verifies with none of its secrets`);
    });
  const personalOrg = async (u: User) =>
    (await sql<{ organisation_id: string }>(`SELECT organisation_id FROM organisation_member WHERE account_id = $1 AND role = 'owner'`, [u.id]))[0].organisation_id;

  beforeAll(async () => {
    await receiver.start();
    admin = await startAdmin({ LOG_LEVEL: 'info', VIGIL_WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_WEBHOOKS_WORKER_INTERVAL_MS: '100' });
    [owner, adm, dev, viewer, stranger] = await Promise.all(['owner', 'adm', 'dev', 'viewer', 'stranger'].map((t) => signedUpUser(admin, t)));
    const r = await owner.client.post('/api/orgs', { name: 'Ward pharmacy' });
    expect(r.status).toBe(201);
    org = r.body.id;
    await joinOrganisation(admin, owner.client, org, adm, 'admin');
    await joinOrganisation(admin, owner.client, org, dev, 'developer');
    await joinOrganisation(admin, owner.client, org, viewer, 'viewer');
  });
  afterAll(async () => {
    await admin.close();
    await receiver.close();
  });

  it('an admin registers an endpoint of the organisation (secret once, audited in the organisation’s chain)', async () => {
    const r = await adm.client.post(`/api/orgs/${org}/webhooks`, {
      url: `${receiver.url}/org?token=receiver-token`,
      eventTypes: ['key.created', 'key.revoked', 'key.exposed'],
      description: 'team receiver',
    });
    expect(r.status).toBe(201);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).toMatchObject({ organisationId: org, url: `${receiver.url}/org?token=receiver-token`, secret: expect.stringMatching(/^whsec_/) });
    orgEndpoint = { id: r.body.id, secret: r.body.secret };
    secretsSeen.push(r.body.secret);
    const audit = await owner.client.get(`/api/orgs/${org}/audit`);
    expect(audit.status).toBe(200);
    expect(audit.text).toContain('webhook.create');
    expect(audit.text).not.toContain('receiver-token');
    expect(audit.text).not.toContain(r.body.secret);
    const [row] = await sql<{ chain: string }>(`SELECT chain FROM audit_event WHERE action = 'webhook.create' AND target_id = $1`, [r.body.id]);
    expect(row.chain).toBe(`org:${org}`);
  });

  it('the matrix: owners and admins manage, a developer reads (URL without its query), a viewer neither; a stranger gets 404', async () => {
    const body = { url: `${receiver.url}/nope`, eventTypes: ['key.created'] };
    expectProblem(await dev.client.post(`/api/orgs/${org}/webhooks`, body), 403, 'org_permission_denied');
    expectProblem(await viewer.client.post(`/api/orgs/${org}/webhooks`, body), 403, 'org_permission_denied');
    expectProblem(await del(dev.client, `/api/orgs/${org}/webhooks/${orgEndpoint.id}`), 403, 'org_permission_denied');
    expectProblem(await del(viewer.client, `/api/orgs/${org}/webhooks/${orgEndpoint.id}`), 403, 'org_permission_denied');
    expectProblem(await dev.client.patch(`/api/orgs/${org}/webhooks/${orgEndpoint.id}`, { enabled: false }), 403, 'org_permission_denied');
    expectProblem(await dev.client.post(`/api/orgs/${org}/webhooks/${orgEndpoint.id}/rotate-secret`), 403, 'org_permission_denied');
    expectProblem(await dev.client.post(`/api/orgs/${org}/webhooks/${orgEndpoint.id}/test`), 403, 'org_permission_denied');
    expectProblem(await viewer.client.get(`/api/orgs/${org}/webhooks`), 403, 'org_permission_denied');
    expectProblem(await stranger.client.get(`/api/orgs/${org}/webhooks`), 404, 'not_found');
    expectProblem(await stranger.client.get(`/api/orgs/${org}/webhooks/${orgEndpoint.id}`), 404, 'not_found');

    const devList = await dev.client.get(`/api/orgs/${org}/webhooks`);
    expect(devList.status).toBe(200);
    expect(devList.body.endpoints).toEqual([expect.objectContaining({ id: orgEndpoint.id, url: `${receiver.url}/org`, organisationId: org })]);
    expect(devList.text).not.toContain('receiver-token');
    expect((await dev.client.get(`/api/orgs/${org}/webhooks/${orgEndpoint.id}/deliveries`)).status).toBe(200);
    const ownerList = await owner.client.get(`/api/orgs/${org}/webhooks`);
    expect(ownerList.body.endpoints.map((e: { url: string }) => e.url)).toEqual([`${receiver.url}/org?token=receiver-token`]);
    for (const r of [devList, ownerList]) for (const s of secretsSeen) expect(r.text).not.toContain(s);
    // Nothing changed.
    expect(await sql(`SELECT count(*)::int AS n FROM webhook_endpoint WHERE organisation_id = $1`, [org])).toEqual([{ n: 1 }]);
  });

  it('another organisation’s endpoint is 404 under this one, for every route', async () => {
    const mine = await owner.client.post('/api/webhooks', { url: `${receiver.url}/owner-personal`, eventTypes: ['key.created'] });
    expect(mine.status).toBe(201);
    expect(mine.body.organisationId).toBe(await personalOrg(owner));
    const other = mine.body.id;
    expectProblem(await owner.client.get(`/api/orgs/${org}/webhooks/${other}`), 404, 'not_found');
    expectProblem(await owner.client.patch(`/api/orgs/${org}/webhooks/${other}`, { enabled: false }), 404, 'not_found');
    expectProblem(await del(owner.client, `/api/orgs/${org}/webhooks/${other}`), 404, 'not_found');
    expectProblem(await owner.client.post(`/api/orgs/${org}/webhooks/${other}/rotate-secret`), 404, 'not_found');
    expectProblem(await owner.client.get(`/api/orgs/${org}/webhooks/${other}/deliveries`), 404, 'not_found');
    expectProblem(await owner.client.post(`/api/orgs/${org}/webhooks/${other}/test`), 404, 'not_found');
    expectProblem(await owner.client.get(`/api/orgs/${org}/webhooks/not-a-uuid`), 404, 'not_found');
    // /api/webhooks is the caller's own organisation: the team organisation's endpoint is not there.
    expectProblem(await owner.client.get(`/api/webhooks/${orgEndpoint.id}`), 404, 'not_found');
    expect((await owner.client.get('/api/webhooks')).body.endpoints.map((e: { id: string }) => e.id)).toEqual([other]);
    expect((await owner.client.get(`/api/orgs/${await personalOrg(owner)}/webhooks`)).body.endpoints.map((e: { id: string }) => e.id)).toEqual([other]);
    expect((await del(owner.client, `/api/webhooks/${other}`)).status).toBe(204);
  });

  it('a developer creates, rolls and revokes a key: the organisation’s endpoint gets key.created and key.revoked, signed; the developer’s own endpoint does not', async () => {
    const personal = await dev.client.post('/api/webhooks', { url: `${receiver.url}/dev-personal`, eventTypes: ['key.created', 'key.revoked', 'key.exposed'] });
    expect(personal.status).toBe(201);
    secretsSeen.push(personal.body.secret);

    const key = await dev.client.post(`/api/orgs/${org}/keys`, { label: 'pharmacy module' });
    expect(key.status).toBe(201);
    const rolled = await dev.client.post(`/api/orgs/${org}/keys/${key.body.id}/roll`, { gracePeriodSeconds: 0 });
    expect(rolled.status).toBe(201);
    const successor = rolled.body.successor.id as string;
    expect((await dev.client.post(`/api/orgs/${org}/keys/${successor}/revoke`)).status).toBe(200);

    const events = await eventually('four key events', () => {
      const e = eventsAt('/org', orgEndpoint.secret);
      return e.length >= 4 ? e : undefined;
    });
    const seen = events.map((e) => [e.type, e.data.keyId]);
    expect(seen).toEqual(
      expect.arrayContaining([
        ['key.created', key.body.id],
        ['key.created', successor],
        ['key.revoked', key.body.id],
        ['key.revoked', successor],
      ]),
    );
    expect(events).toHaveLength(4);
    for (const e of events) expect(e.data).toMatchObject({ organisationId: org, accountId: dev.id });
    const raw = receiver
      .at('/org')
      .map((r) => r.body)
      .join('\n');
    expect(raw).not.toContain(key.body.key);
    expect(raw).not.toContain(rolled.body.successor.key);
    // The developer's personal organisation's endpoint heard nothing of the team's keys.
    expect(receiver.at('/dev-personal')).toEqual([]);
    expect(await sql(`SELECT count(*)::int AS n FROM webhook_delivery WHERE endpoint_id = $1`, [personal.body.id])).toEqual([{ n: 0 }]);
    // The delivery log, paged.
    const page1 = await adm.client.get(`/api/orgs/${org}/webhooks/${orgEndpoint.id}/deliveries?limit=3`);
    expect(page1.status).toBe(200);
    expect(page1.body.attempts).toHaveLength(3);
    expect(page1.body.nextBefore).toEqual(expect.any(String));
    const page2 = await adm.client.get(`/api/orgs/${org}/webhooks/${orgEndpoint.id}/deliveries?limit=3&before=${page1.body.nextBefore}`);
    expect(page2.body.attempts.length).toBeGreaterThanOrEqual(1);
    expectProblem(await adm.client.get(`/api/orgs/${org}/webhooks/${orgEndpoint.id}/deliveries?limit=0`), 400, 'validation_failed');
  });

  it('rotation and the test event: the new secret is shown once and signs the test', async () => {
    const rotated = await owner.client.post(`/api/orgs/${org}/webhooks/${orgEndpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    expect(rotated.body.secret).not.toBe(orgEndpoint.secret);
    expect(rotated.body.secretRotatingUntil).toEqual(expect.any(String));
    secretsSeen.push(rotated.body.secret);
    orgEndpoint.previous = orgEndpoint.secret;
    orgEndpoint.secret = rotated.body.secret;
    const test = await adm.client.post(`/api/orgs/${org}/webhooks/${orgEndpoint.id}/test`);
    expect(test.status).toBe(202);
    expect(test.body).toMatchObject({ eventId: expect.stringMatching(/^msg_/), queued: 1 });
    const got = await eventually('webhook.test', () => receiver.at('/org').find((r) => r.headers['webhook-id'] === test.body.eventId));
    expect(new Webhook(rotated.body.secret).verify(got.body, got.headers)).toMatchObject({ type: 'webhook.test', data: { endpointId: orgEndpoint.id, organisationId: org } });
    const actions = (await sql<{ action: string }>(`SELECT action FROM audit_event WHERE chain = $1 AND action LIKE 'webhook.%' ORDER BY seq`, [`org:${org}`])).map(
      (r) => r.action,
    );
    expect(actions).toEqual(['webhook.create', 'webhook.rotate_secret']);
  });

  it('removing the member who created the endpoint keeps it, and it still hears of the organisation’s keys', async () => {
    expect((await del(owner.client, `/api/orgs/${org}/members/${adm.id}`)).status).toBe(200);
    const listed = await owner.client.get(`/api/orgs/${org}/webhooks`);
    expect(listed.body.endpoints.map((e: { id: string }) => e.id)).toEqual([orgEndpoint.id]);
    const before = receiver.at('/org').length;
    const key = await owner.client.post(`/api/orgs/${org}/keys`, { label: 'after removal' });
    expect(key.status).toBe(201);
    const got = await eventually('key.created after removal', () =>
      eventsAt('/org', orgEndpoint.secret, orgEndpoint.previous!)
        .slice(before)
        .find((e) => e.data.keyId === key.body.id),
    );
    expect(got.type).toBe('key.created');
  });

  it('a key exposure report notifies the organisation’s endpoint, not the maker’s own', async () => {
    const key = await dev.client.post(`/api/orgs/${org}/keys`, { label: 'leaky' });
    expect(key.status).toBe(201);
    const op = await signedInAdmin(admin);
    const r = await op.client.post(`/api/admin/keys/${key.body.id}/exposed`, { source: 'support ticket 4711' });
    expect(r.status).toBe(200);
    const exposed = await eventually('key.exposed', () =>
      eventsAt('/org', orgEndpoint.secret, orgEndpoint.previous!).find((e) => e.type === 'key.exposed' && e.data.keyId === key.body.id),
    );
    expect(exposed.data).toMatchObject({ organisationId: org, accountId: dev.id, source: 'support ticket 4711', revokedNow: true });
    expect(receiver.at('/dev-personal')).toEqual([]);
  });

  it('the operator CLI lists one organisation’s endpoints with --org (never a secret)', () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [cliPath, ...args], { env: { PATH: process.env.PATH, DATABASE_URL: admin.db.url }, encoding: 'utf8', timeout: 60_000 });
    const list = cli('webhooks', 'list', '--org', org, '--json');
    expect([list.status, list.stderr]).toEqual([0, '']);
    expect(JSON.parse(list.stdout)).toEqual({
      endpoints: [expect.objectContaining({ id: orgEndpoint.id, organisationId: org, organisation: 'Ward pharmacy', account: owner.email, enabled: true })],
    });
    for (const secret of secretsSeen) expect(list.stdout).not.toContain(secret.slice('whsec_'.length));
    // --account: the organisations the account owns (the developer's own has its personal endpoint, not the team's).
    const mine = JSON.parse(cli('webhooks', 'list', '--account', dev.email, '--json').stdout) as { endpoints: { organisationId: string }[] };
    expect(mine.endpoints.length).toBe(1);
    expect(mine.endpoints[0].organisationId).not.toBe(org);
    expect(cli('webhooks', 'list', '--org', 'not-an-id').status).toBe(2);
    expect(cli('webhooks', 'list', '--org', org, '--account', dev.email).status).toBe(2);
  });

  it('the owner deletes the endpoint (audited); it then answers 404', async () => {
    expect((await del(owner.client, `/api/orgs/${org}/webhooks/${orgEndpoint.id}`)).status).toBe(204);
    expectProblem(await owner.client.get(`/api/orgs/${org}/webhooks/${orgEndpoint.id}`), 404, 'not_found');
    const [row] = await sql<{ chain: string }>(`SELECT chain FROM audit_event WHERE action = 'webhook.delete' AND target_id = $1`, [orgEndpoint.id]);
    expect(row.chain).toBe(`org:${org}`);
  });
});
