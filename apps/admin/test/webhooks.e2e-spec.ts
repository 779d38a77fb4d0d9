import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { hashApiKey } from '@vigil/auth';
import { KbReleaseRepository } from '@vigil/db';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { KeyExposureService } from '../src/keys/key-exposure.service';
import { KeysService } from '../src/keys/keys.service';
import { WebhookSweepsService } from '../src/webhooks/webhook-sweeps.service';
import { expectProblem, signedInAdmin, signedUpUser } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';
import { eventually } from './support/eventually';
import { type ReceivedWebhook, WebhookReceiver } from './support/webhook-receiver';

const cliPath = join(__dirname, '..', 'dist', 'cli.js');

const typeOf = (r: ReceivedWebhook) => (JSON.parse(r.body) as { type: string }).type;

/**
 * Signed webhooks (#16.5) end to end: the real admin app, its delivery worker, a real HTTP receiver on loopback, and
 * the independent `standardwebhooks` library verifying every delivery.
 */
describe('webhooks: signed delivery, retries, rotation, SSRF policy', () => {
  let admin: RunningAdmin;
  const receiver = new WebhookReceiver();
  const secretsSeen: string[] = [];
  const keysSeen: string[] = [];

  beforeAll(async () => {
    await receiver.start();
    admin = await startAdmin({
      LOG_LEVEL: 'debug',
      VIGIL_WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      VIGIL_WEBHOOKS_WORKER_INTERVAL_MS: '100',
      VIGIL_WEBHOOKS_RETRY_SCHEDULE: '200ms,200ms,200ms',
    });
  });
  afterAll(async () => {
    await admin.close();
    await receiver.close();
  });

  const endpointFor = async (client: Awaited<ReturnType<typeof signedUpUser>>['client'], path: string, eventTypes: string[]) => {
    const r = await client.post('/api/webhooks', { url: `${receiver.url}${path}`, eventTypes, description: `receiver ${path}` });
    expect(r.status).toBe(201);
    expect(r.headers['cache-control']).toBe('no-store');
    secretsSeen.push(r.body.secret);
    return r.body as { id: string; secret: string };
  };

  it('creates an endpoint, shows its secret once, delivers key.created and key.revoked signed and without the key', async () => {
    const user = await signedUpUser(admin, 'hooks');
    const ep = await endpointFor(user.client, '/keys', ['key.created', 'key.revoked']);
    expect(ep.secret).toMatch(/^whsec_/);
    const listed = await user.client.get('/api/webhooks');
    expect(listed.body.endpoints).toEqual([expect.objectContaining({ id: ep.id, eventTypes: ['key.created', 'key.revoked'], enabled: true, secretRotatingUntil: null })]);
    expect(listed.text).not.toContain(ep.secret);
    expect((await user.client.get(`/api/webhooks/${ep.id}`)).text).not.toContain(ep.secret);

    const created = await user.client.post('/api/keys', { label: 'EHR prod' });
    expect(created.status).toBe(201);
    keysSeen.push(created.body.key);
    const first = await eventually('key.created', () => receiver.at('/keys').find((r) => typeOf(r) === 'key.created'));
    const event = new Webhook(ep.secret).verify(first.body, first.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(event).toEqual({
      type: 'key.created',
      timestamp: expect.any(String),
      data: {
        keyId: created.body.id,
        organisationId: created.body.organisationId,
        accountId: user.id,
        label: 'EHR prod',
        hint: created.body.hint,
        scopes: created.body.scopes,
        expiresAt: null,
        createdBy: 'account',
      },
    });
    expect(first.headers['webhook-id']).toMatch(/^msg_/);

    expect((await user.client.post(`/api/keys/${created.body.id}/revoke`)).status).toBe(200);
    const revoked = await eventually('key.revoked', () => receiver.at('/keys').find((r) => typeOf(r) === 'key.revoked'));
    expect(new Webhook(ep.secret).verify(revoked.body, revoked.headers)).toMatchObject({
      type: 'key.revoked',
      data: { keyId: created.body.id, hint: created.body.hint, revokedBy: 'account' },
    });

    // A tampered body (or another endpoint's secret) fails verification.
    expect(() => new Webhook(ep.secret).verify(revoked.body.replace('key.revoked', 'key.created'), revoked.headers)).toThrow();
    const log = await eventually('two successful attempts', async () => {
      const r = await user.client.get(`/api/webhooks/${ep.id}/deliveries`);
      return r.body.attempts.length === 2 && r.body.attempts.every((a: { deliveryStatus: string }) => a.deliveryStatus === 'succeeded') ? r.body : undefined;
    });
    expect(log.attempts.map((a: { eventType: string; statusCode: number; attempt: number }) => [a.eventType, a.statusCode, a.attempt])).toEqual([
      ['key.revoked', 200, 1],
      ['key.created', 200, 1],
    ]);
  });

  it('rolling a key announces the successor (key.created, rolledFromKeyId); with no grace the old key is revoked (key.revoked)', async () => {
    const user = await signedUpUser(admin, 'hooks-roll');
    const ep = await endpointFor(user.client, '/roll', ['key.created', 'key.revoked']);
    const created = await user.client.post('/api/keys', { label: 'pharmacy' });
    keysSeen.push(created.body.key);
    const rolled = await user.client.post(`/api/keys/${created.body.id}/roll`, { gracePeriodSeconds: 0 });
    expect(rolled.status).toBe(201);
    keysSeen.push(rolled.body.successor.key);
    const verify = (r: { body: string; headers: Record<string, string> }) => new Webhook(ep.secret).verify(r.body, r.headers) as { type: string; data: Record<string, unknown> };
    const successor = await eventually('successor key.created', () =>
      receiver.at('/roll').find((r) => typeOf(r) === 'key.created' && (verify(r).data.keyId as string) === rolled.body.successor.id),
    );
    expect(verify(successor).data).toMatchObject({ keyId: rolled.body.successor.id, rolledFromKeyId: created.body.id, hint: rolled.body.successor.hint });
    const revoked = await eventually('old key.revoked', () => receiver.at('/roll').find((r) => typeOf(r) === 'key.revoked'));
    expect(verify(revoked).data).toMatchObject({ keyId: created.body.id, rolledToKeyId: rolled.body.successor.id, revokedBy: 'account' });
  });

  it('retries a receiver that answers 500 twice, then 200: the log shows three attempts of one event', async () => {
    const user = await signedUpUser(admin, 'retry');
    const ep = await endpointFor(user.client, '/flaky', ['key.created']);
    receiver.script('/flaky', [500, 500]);
    const test = await user.client.post(`/api/webhooks/${ep.id}/test`);
    expect(test.status).toBe(202);
    expect(test.body).toEqual({ eventId: expect.stringMatching(/^msg_/), queued: 1 });
    const log = await eventually('three attempts', async () => {
      const r = await user.client.get(`/api/webhooks/${ep.id}/deliveries`);
      return r.body.attempts.length === 3 && r.body.attempts[0].deliveryStatus === 'succeeded' ? r.body : undefined;
    });
    expect(log.attempts.map((a: { attempt: number; statusCode: number; eventId: string }) => [a.attempt, a.statusCode, a.eventId])).toEqual([
      [3, 200, test.body.eventId],
      [2, 500, test.body.eventId],
      [1, 500, test.body.eventId],
    ]);
    expect(log.attempts[1]).toMatchObject({ error: 'HTTP 500', nextRetryAt: expect.any(String) });
    expect(log.attempts[0]).toMatchObject({ error: null, nextRetryAt: null });
    // Every attempt carries the same id (receivers dedupe on it) and its own valid signature.
    const got = receiver.at('/flaky');
    expect(got.map((r) => r.headers['webhook-id'])).toEqual([test.body.eventId, test.body.eventId, test.body.eventId]);
    for (const r of got) expect(new Webhook(ep.secret).verify(r.body, r.headers)).toMatchObject({ type: 'webhook.test' });

    // Paging: one attempt per page, newest first, the cursor leads on.
    const p1 = await user.client.get(`/api/webhooks/${ep.id}/deliveries?limit=1`);
    const p2 = await user.client.get(`/api/webhooks/${ep.id}/deliveries?limit=1&before=${p1.body.nextBefore}`);
    expect([p1.body.attempts[0].attempt, p2.body.attempts[0].attempt]).toEqual([3, 2]);
    expectProblem(await user.client.get(`/api/webhooks/${ep.id}/deliveries?limit=0`), 400, 'validation_failed');

    // The operator CLI shows the same endpoint and log, never the secret.
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [cliPath, ...args], { env: { PATH: process.env.PATH, DATABASE_URL: admin.db.url }, encoding: 'utf8', timeout: 60_000 });
    const list = cli('webhooks', 'list', '--account', user.email, '--json');
    expect([list.status, list.stderr]).toEqual([0, '']);
    expect(JSON.parse(list.stdout)).toEqual({ endpoints: [expect.objectContaining({ id: ep.id, account: user.email, url: `${receiver.url}/flaky`, enabled: true })] });
    expect(list.stdout).not.toContain(ep.secret.slice('whsec_'.length));
    const deliveries = cli('webhooks', 'deliveries', ep.id, '--json');
    expect(deliveries.status).toBe(0);
    expect(JSON.parse(deliveries.stdout).attempts.map((a: { attempt: number; statusCode: number }) => [a.attempt, a.statusCode])).toEqual([
      [3, 200],
      [2, 500],
      [1, 500],
    ]);
    const human = cli('webhooks', 'deliveries', ep.id);
    expect(human.stdout).toContain(`${test.body.eventId}  webhook.test`);
    expect(cli('webhooks', 'deliveries', 'not-an-id').status).toBe(2);
  });

  it('rotates the secret: both signatures verify during the overlap, and the new secret is shown once', async () => {
    const user = await signedUpUser(admin, 'rotate');
    const ep = await endpointFor(user.client, '/rotate', ['key.created']);
    const rotated = await user.client.post(`/api/webhooks/${ep.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    secretsSeen.push(rotated.body.secret);
    expect(rotated.body.secret).not.toBe(ep.secret);
    expect(rotated.body.secretRotatingUntil).toEqual(expect.any(String));
    expect((await user.client.get(`/api/webhooks/${ep.id}`)).text).not.toContain(rotated.body.secret);

    await user.client.post(`/api/webhooks/${ep.id}/test`);
    const got = await eventually('the test event', () => receiver.at('/rotate')[0]);
    expect(got.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(rotated.body.secret).verify(got.body, got.headers)).toMatchObject({ type: 'webhook.test' });
    expect(new Webhook(ep.secret).verify(got.body, got.headers)).toMatchObject({ type: 'webhook.test' });
    expect(() => new Webhook(secretsSeen[0]).verify(got.body, got.headers)).toThrow();
    expect(() => new Webhook(rotated.body.secret).verify(`${got.body} `, got.headers)).toThrow();
  });

  it('delivers key.exposed, kb.release.activated (a platform event) and the swept key.expiring and quota.threshold once each', async () => {
    const user = await signedUpUser(admin, 'events');
    const ep = await endpointFor(user.client, '/events', ['key.exposed', 'kb.release.activated', 'key.expiring', 'quota.threshold']);
    const verify = (r: ReceivedWebhook) => new Webhook(ep.secret).verify(r.body, r.headers) as { type: string; data: Record<string, unknown> };

    const exposed = await admin.app.get(KeysService).create(user.id, { label: 'leaky' }, { type: 'cli', label: 'cli:test' });
    keysSeen.push(exposed.key);
    await admin.app.get(KeyExposureService).reportKey(exposed.id, { source: 'a public gist', url: 'https://gist.github.com/x' }, { type: 'cli', label: 'cli:test' });
    const e1 = await eventually('key.exposed', () => receiver.at('/events').find((r) => typeOf(r) === 'key.exposed'));
    expect(verify(e1).data).toMatchObject({ keyId: exposed.id, hint: exposed.hint, source: 'a public gist', url: 'https://gist.github.com/x', revokedNow: true });

    const op = await signedInAdmin(admin);
    const ds = admin.app.get(DataSource);
    const version = KbReleaseRepository.releaseVersion('curated-2026.11.26', []);
    await new KbReleaseRepository(ds).create(ds.manager, {
      version,
      releasedAt: new Date().toISOString(),
      curatedVersion: 'curated-2026.11.26',
      sourceRefs: [],
      sources: [],
      counts: {},
    });
    expect((await op.client.post(`/api/admin/kb/releases/${encodeURIComponent(version)}/activate`)).status).toBe(200);
    const e2 = await eventually('kb.release.activated', () => receiver.at('/events').find((r) => typeOf(r) === 'kb.release.activated'));
    expect(verify(e2).data).toMatchObject({ version, previousVersion: null, rollback: false });

    const expiring = await admin.app
      .get(KeysService)
      .create(user.id, { label: 'short-lived', expiresAt: new Date(Date.now() + 2 * 86_400_000).toISOString() }, { type: 'cli', label: 'cli:test' });
    keysSeen.push(expiring.key);
    // On the Free plan (10,000 calls a month), not its sign-up trial.
    await ds.query(`UPDATE account SET trial_plan = NULL, trial_ends_at = NULL WHERE id = $1`, [user.id]);
    await ds.query(`INSERT INTO account_month_usage (account_id, month, calls) VALUES ($1, date_trunc('month', now() AT TIME ZONE 'UTC')::date, 8000)`, [user.id]);
    // Two instances sweeping at once, then again: each notice is written once.
    const sweeps = admin.app.get(WebhookSweepsService);
    await Promise.all([sweeps.run(), sweeps.run()]);
    await sweeps.run();
    await ds.query(`UPDATE account_month_usage SET calls = 10000 WHERE account_id = $1`, [user.id]);
    await Promise.all([sweeps.run(), sweeps.run()]);
    const counts: { type: string; data: Record<string, unknown> }[] = await ds.query(
      `SELECT type, payload->'data' AS data FROM webhook_event
        WHERE (account_id = $1 OR organisation_id = (SELECT organisation_id FROM api_key WHERE id = $2)) AND type IN ('key.expiring', 'quota.threshold') ORDER BY created_at`,
      [user.id, expiring.id],
    );
    expect(counts.map((c) => [c.type, c.data.keyId ?? c.data.thresholdPercent])).toEqual([
      ['key.expiring', expiring.id],
      ['quota.threshold', 80],
      ['quota.threshold', 100],
    ]);
    // Retention: finished events older than 30 days go (with their log); one still pending stays.
    await ds.query(
      `UPDATE webhook_event SET created_at = now() - interval '31 days' WHERE id = (SELECT event_id FROM webhook_delivery WHERE status = 'succeeded' ORDER BY id LIMIT 1)`,
    );
    const [old] = await ds.query(`SELECT id FROM webhook_event WHERE created_at < now() - interval '30 days'`);
    await ds.transaction(async (m) => {
      await m.query(`INSERT INTO webhook_event (id, type, account_id, payload, created_at) VALUES ('msg_old_pending', 'key.created', $1, '{}', now() - interval '40 days')`, [
        user.id,
      ]);
      await m.query(`INSERT INTO webhook_delivery (event_id, endpoint_id, next_attempt_at) VALUES ('msg_old_pending', $1, now() + interval '1 day')`, [ep.id]);
    });
    expect((await sweeps.run()).pruned).toBe(1);
    expect(await ds.query(`SELECT id FROM webhook_event WHERE id = ANY($1)`, [[old.id, 'msg_old_pending']])).toEqual([{ id: 'msg_old_pending' }]);
    await ds.query(`DELETE FROM webhook_event WHERE id = 'msg_old_pending'`);

    const swept = await eventually('the swept events', () => {
      const got = receiver.at('/events').filter((r) => ['key.expiring', 'quota.threshold'].includes(typeOf(r)));
      return got.length === 3 ? got : undefined;
    });
    expect(swept.map((r) => verify(r).data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ keyId: expiring.id, hint: expiring.hint, expiresAt: expiring.expiresAt, warningDays: 7 }),
        expect.objectContaining({ accountId: user.id, thresholdPercent: 80, monthlyQuota: 10_000, plan: expect.any(String) }),
        expect.objectContaining({ thresholdPercent: 100, calls: 10_000 }),
      ]),
    );
  });

  it('validates endpoints: https or allowed private http only, metadata addresses never, event types from the enum, at most 10', async () => {
    const user = await signedUpUser(admin, 'limits');
    const refused = await user.client.post('/api/webhooks', { url: 'http://169.254.169.254/latest', eventTypes: ['key.created'] });
    expectProblem(refused, 400, 'validation_failed');
    expect(refused.body.errors).toEqual([expect.objectContaining({ pointer: '/url', code: 'target_refused' })]);
    const badType = await user.client.post('/api/webhooks', { url: 'https://hooks.example.com/x', eventTypes: ['key.stolen'] });
    expectProblem(badType, 400, 'validation_failed');
    expectProblem(await user.client.post('/api/webhooks', { url: 'https://hooks.example.com/x', eventTypes: ['key.created'], secret: 'mine' }), 400, 'validation_failed');
    expectProblem(await user.client.post('/api/webhooks', { url: `https://hooks.example.com/${'a'.repeat(2100)}`, eventTypes: ['key.created'] }), 400, 'validation_failed');
    for (let i = 0; i < 10; i++) expect((await user.client.post('/api/webhooks', { url: `${receiver.url}/n${i}`, eventTypes: ['key.created'] })).status).toBe(201);
    expectProblem(await user.client.post('/api/webhooks', { url: `${receiver.url}/n10`, eventTypes: ['key.created'] }), 409, 'conflict');

    // Update and delete; another account's endpoint is a 404; without the CSRF header a change is refused.
    const [first] = (await user.client.get('/api/webhooks')).body.endpoints;
    const updated = await user.client.patch(`/api/webhooks/${first.id}`, { enabled: false, eventTypes: ['key.revoked'] });
    expect(updated.body).toMatchObject({ enabled: false, eventTypes: ['key.revoked'] });
    const other = await signedUpUser(admin, 'other');
    expectProblem(await other.client.get(`/api/webhooks/${first.id}`), 404, 'not_found');
    expectProblem(await other.client.request('DELETE', `/api/webhooks/${first.id}`), 404, 'not_found');
    expectProblem(await user.client.request('DELETE', `/api/webhooks/${first.id}`, { csrf: false }), 403, 'csrf_failed');
    expect((await user.client.request('DELETE', `/api/webhooks/${first.id}`)).status).toBe(204);
    expectProblem(await user.client.get(`/api/webhooks/${first.id}`), 404, 'not_found');
  });

  it('refuses private and loopback targets when private targets are not allowed (the default)', async () => {
    const strict = await startAdmin({ VIGIL_WEBHOOKS_WORKER_ENABLED: 'false' }, admin.db);
    try {
      const user = await signedUpUser(strict, 'ssrf');
      for (const url of [`${receiver.url}/x`, 'https://127.0.0.1/x', 'https://10.0.0.8/x', 'https://[::1]/x', 'https://localhost/x', 'https://169.254.169.254/x']) {
        const r = await user.client.post('/api/webhooks', { url, eventTypes: ['key.created'] });
        expectProblem(r, 400, 'validation_failed');
        expect(r.body.errors[0]).toMatchObject({ pointer: '/url', code: 'target_refused' });
      }
      expect((await user.client.get('/api/webhooks')).body.endpoints).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('never puts a key (plaintext or hash) or a signing secret in a payload or a log line', async () => {
    expect(keysSeen.length).toBeGreaterThanOrEqual(3);
    const payloads = (await admin.app.get(DataSource).query(`SELECT payload::text AS p FROM webhook_event`)).map((r: { p: string }) => r.p).join('\n');
    const bodies = receiver.received.map((r) => r.body).join('\n');
    const logs = admin.logs.text();
    expect(logs).toContain('webhook delivery');
    for (const key of keysSeen) {
      const hash = hashApiKey(key);
      for (const text of [payloads, bodies, logs]) {
        expect(text).not.toContain(key);
        expect(text).not.toContain(hash);
      }
    }
    for (const secret of secretsSeen) {
      expect(logs).not.toContain(secret);
      expect(logs).not.toContain(secret.slice('whsec_'.length));
    }
  });
});
