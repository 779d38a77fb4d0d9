import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { AuditChainRepository } from '@vigil/db';
import { DataSource } from 'typeorm';
import { AccountsService } from '../src/accounts/accounts.service';
import { MailerService } from '../src/email/mailer.service';
import { KeysService } from '../src/keys/keys.service';
import { expectProblem, signedInAdmin, strongPassword, uniqueEmail } from './support/fixtures';
import { SmtpInbox } from './support/smtp-inbox';
import { type RunningAdmin, startAdmin } from './support/start-admin';

const PUBLIC = 'https://dashboard.vigil.example';
const cliPath = join(__dirname, '..', 'dist', 'cli.js');

/**
 * Leak response (#16.6): GitHub's secret scanning partner report, signed exactly as GitHub signs it (ECDSA P-256 over
 * the raw body, key id and base64 DER signature in headers), against the real admin app, a real SMTP receiver and
 * the audit chain; and the operator's own report through the admin API and the CLI.
 */
describe('leak response: GitHub secret scanning reports and operator reports', () => {
  const github = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const stranger = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  let inbox: SmtpInbox;
  let admin: RunningAdmin;

  const owner = async () => {
    const email = uniqueEmail('leak');
    const account = await admin.app.get(AccountsService).create({ email, password: strongPassword(), emailVerified: true }, { type: 'cli', label: 'cli:test' });
    const key = await admin.app.get(KeysService).create(account.id, { label: 'EHR prod' }, { type: 'cli', label: 'cli:test' });
    return { email, key };
  };
  const report = (body: string, signer = github, keyId = 'gh-test') =>
    fetch(`${admin.url}/api/secret-scanning/github`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'github-public-key-identifier': keyId,
        'github-public-key-signature': sign('sha256', Buffer.from(body), signer.privateKey).toString('base64'),
      },
      body,
    });

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    const pem = github.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    admin = await startAdmin({
      SMTP_URL: inbox.url,
      ADMIN_PUBLIC_URL: PUBLIC,
      LOG_LEVEL: 'debug',
      SECRET_SCANNING_GITHUB_KEYS: JSON.stringify({ public_keys: [{ key_identifier: 'gh-test', key: pem, is_current: true }] }),
    });
  });
  afterAll(async () => {
    await admin.close();
    await inbox.close();
  });

  it('revokes every real key a signed report names, labels the rest false positives, audits and emails the owner', async () => {
    const { email, key } = await owner();
    const body = JSON.stringify([
      { token: key.key, type: 'vigil_api_key', url: 'https://github.com/octo/app/blob/main/.env', source: 'content' },
      { token: 'vigil_notarealkeynotarealkeynotarea000000', type: 'vigil_api_key', url: 'https://gist.github.com/x', source: 'gist' },
    ]);
    const res = await report(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { token_hash: createHash('sha256').update(key.key).digest('hex'), token_type: 'vigil_api_key', label: 'true_positive' },
      { token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), token_type: 'vigil_api_key', label: 'false_positive' },
    ]);
    expect((await admin.app.get(KeysService).get({ accountId: null }, key.id)).status).toBe('revoked');
    // The owner is told what, where and what to do; never the key.
    await admin.app.get(MailerService).flush();
    const [mail] = inbox.to(email);
    expect(mail.subject).toBe('Vigil API key revoked: "EHR prod" was exposed');
    expect(mail.text).toContain('https://github.com/octo/app/blob/main/.env');
    expect(mail.text).toContain(`${PUBLIC}/#/keys`);
    expect(mail.raw).not.toContain(key.key);
    // Audited in the chain, with the source and where.
    const ds = admin.app.get(DataSource);
    const rows = await ds.query<{ action: string; after: Record<string, unknown>; actor_label: string }[]>(
      `SELECT action, after, actor_label FROM audit_event WHERE target_id = $1 ORDER BY seq`,
      [key.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['key.create', 'key.exposed']);
    expect(rows[1]).toMatchObject({ actor_label: 'github-secret-scanning', after: { status: 'revoked', revokedNow: true, url: 'https://github.com/octo/app/blob/main/.env' } });
    expect(await new AuditChainRepository(ds).verify()).toMatchObject({ ok: true });
    // The key never reaches the log.
    expect(admin.logs.lines.join('\n')).not.toContain(key.key);
  });

  it("in an organisation, tells the owner, the admins and the key's maker; not the other members", async () => {
    const { email: ownerEmail, key: ownerKey } = await owner();
    const accounts = admin.app.get(AccountsService);
    const ds = admin.app.get(DataSource);
    const [{ organisation_id: orgId, project_id: projectId }] = await ds.query<{ organisation_id: string; project_id: string }[]>(
      `SELECT organisation_id, project_id FROM api_key WHERE id = $1`,
      [ownerKey.id],
    );
    const member = async (role: string) => {
      const email = uniqueEmail(`leak-${role}`);
      const account = await accounts.create({ email, password: strongPassword(), emailVerified: true }, { type: 'cli', label: 'cli:test' });
      await ds.query(`INSERT INTO organisation_member (organisation_id, account_id, role) VALUES ($1, $2, $3)`, [orgId, account.id, role]);
      return { email, id: account.id };
    };
    const orgAdmin = await member('admin');
    const maker = await member('developer');
    const viewer = await member('viewer');
    // The developer's personal key in the owner's organisation.
    const key = await admin.app.get(KeysService).create(maker.id, { label: 'pharmacy module' }, { type: 'cli', label: 'cli:test' });
    await ds.query(`UPDATE api_key SET organisation_id = $1, project_id = $2 WHERE id = $3`, [orgId, projectId, key.id]);
    const body = JSON.stringify([{ token: key.key, type: 'vigil_api_key', url: 'https://github.com/octo/pharmacy/blob/main/config.js', source: 'content' }]);
    expect((await report(body)).status).toBe(200);
    await admin.app.get(MailerService).flush();
    for (const told of [ownerEmail, orgAdmin.email, maker.email]) {
      expect(inbox.to(told).map((m) => m.subject)).toEqual(['Vigil API key revoked: "pharmacy module" was exposed']);
    }
    expect(inbox.to(viewer.email)).toEqual([]);
    expect(JSON.stringify(inbox.to(maker.email)[0].raw)).not.toContain(key.key);
  });

  it.each<[string, (body: string) => Promise<Response>]>([
    ['signed by a key that is not configured', (body) => report(body, stranger)],
    ['naming an unknown key id', (body) => report(body, github, 'gh-other')],
    [
      'with a body changed after signing',
      (body) =>
        fetch(`${admin.url}/api/secret-scanning/github`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'github-public-key-identifier': 'gh-test',
            'github-public-key-signature': sign('sha256', Buffer.from(body), github.privateKey).toString('base64'),
          },
          body: body.replace('content', 'commit'),
        }),
    ],
    ['unsigned', (body) => fetch(`${admin.url}/api/secret-scanning/github`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })],
  ])('refuses a report %s, and revokes nothing', async (_name, send) => {
    const { key } = await owner();
    const res = await send(JSON.stringify([{ token: key.key, type: 'vigil_api_key', url: 'https://github.com/o/r', source: 'content' }]));
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('unauthenticated');
    expect((await admin.app.get(KeysService).get({ accountId: null }, key.id)).status).toBe('active');
  });

  it('a signed report that is not the partner format is a 400 with pointers; extra fields GitHub may add are accepted', async () => {
    const bad = await report(JSON.stringify([{ type: 'vigil_api_key' }]));
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toContainEqual(expect.objectContaining({ pointer: '/0/token' }));
    const extra = await report(JSON.stringify([{ token: 'vigil_x', type: 'vigil_api_key', url: 'https://github.com/o/r', source: 'content', is_private: false }]));
    expect(extra.status).toBe(200);
  });

  it('an operator reports a key by id through the admin API, or by the leaked key itself through the CLI', async () => {
    const op = await signedInAdmin(admin);
    const a = await owner();
    const r = await op.client.post(`/api/admin/keys/${a.key.id}/exposed`, { source: 'support ticket 4711', url: 'https://pastebin.example/abc' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: a.key.id, status: 'revoked' });
    expectProblem(await op.client.post(`/api/admin/keys/${a.key.id}/exposed`, { source: 'x', extra: 1 }), 400, 'validation_failed');

    const b = await owner();
    const cli = spawnSync(process.execPath, [cliPath, 'keys', 'exposed', b.key.key, '--source', 'found in a Slack channel', '--json'], {
      env: { PATH: process.env.PATH, DATABASE_URL: admin.db.url },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(cli.status).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ id: b.key.id, status: 'revoked' });
    expect(cli.stdout + cli.stderr).not.toContain(b.key.key.slice(6));
    const rows = await admin.app
      .get(DataSource)
      .query<{ actor_type: string; after: { source: string } }[]>(`SELECT actor_type, after FROM audit_event WHERE action = 'key.exposed' AND target_id = $1`, [b.key.id]);
    expect(rows).toEqual([{ actor_type: 'cli', after: expect.objectContaining({ source: 'found in a Slack channel' }) }]);
  });
});

describe('secret scanning not configured', () => {
  it('answers 404 and says so', async () => {
    const admin = await startAdmin({});
    try {
      const res = await fetch(`${admin.url}/api/secret-scanning/github`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' });
      expect(res.status).toBe(404);
      expect((await res.json()).detail).toMatch(/SECRET_SCANNING_GITHUB_KEYS/);
    } finally {
      await admin.close();
    }
  });
});
