/**
 * Email verification and password reset through a real SMTP receiver (smtp-server, in-process): what a mailbox
 * receives, what a client can learn from the answers, and what is never written to the log.
 */
import { createServer } from 'node:net';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { AdminClient } from './support/admin-client';
import { expectProblem, strongPassword, uniqueEmail } from './support/fixtures';
import { SmtpInbox, tokenFrom } from './support/smtp-inbox';
import { type RunningAdmin, startAdmin } from './support/start-admin';

const PUBLIC = 'https://dashboard.example.org';

describe('email verification and password reset (real SMTP receiver)', () => {
  let inbox: SmtpInbox;
  let admin: RunningAdmin;
  const secrets: string[] = [];

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    admin = await startAdmin({ SMTP_URL: inbox.url, ADMIN_PUBLIC_URL: PUBLIC, MAIL_FROM: 'Vigil <accounts@vigil.example>', LOG_LEVEL: 'debug' });
  });
  afterAll(async () => {
    await admin.close();
    await inbox.close();
  });

  /** Signs up and follows the emailed link; returns a signed-in client. */
  async function verifiedUser() {
    const email = uniqueEmail('mail');
    const password = strongPassword();
    secrets.push(password);
    const c = new AdminClient(admin.url);
    expect((await c.signup(email, password)).status).toBe(202);
    const token = tokenFrom((await inbox.waitFor(email)).text, 'verify-email');
    secrets.push(token);
    expect((await c.post('/api/auth/verify-email', { token })).status).toBe(200);
    expect((await c.login(email, password)).status).toBe(200);
    return { client: c, email, password };
  }

  it('sign-up answers the same for a new and an existing email; only the mailbox learns which it was', async () => {
    const existing = await verifiedUser();
    const fresh = uniqueEmail('new');
    const a = await new AdminClient(admin.url).signup(fresh, strongPassword());
    const b = await new AdminClient(admin.url).signup(existing.email.toUpperCase(), strongPassword());
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(b.body).toEqual(a.body);
    expect(b.headers['set-cookie']).toBeUndefined();
    expect(a.headers['set-cookie']).toBeUndefined();

    const welcome = await inbox.waitFor(fresh);
    expect(welcome.subject).toBe('Verify your email address for Vigil');
    expect(welcome.raw).toMatch(/^From: Vigil <accounts@vigil\.example>/m);
    expect(welcome.text).toContain(`${PUBLIC}/#/verify-email/`);
    const notice = await inbox.waitFor(existing.email, 2);
    expect(notice.subject).toBe('You already have a Vigil account');
    expect(notice.text).toContain(`${PUBLIC}/#/reset-password/`);
    // The existing account's password did not change, and no session came from the second sign-up.
    expect((await new AdminClient(admin.url).login(existing.email, existing.password)).status).toBe(200);
  });

  it('an unverified account can sign in but cannot create keys until the link is followed; links work once', async () => {
    const email = uniqueEmail('unverified');
    const password = strongPassword();
    const c = new AdminClient(admin.url);
    // The link's host comes from ADMIN_PUBLIC_URL, never from the request's Host header.
    expect((await c.post('/api/auth/signup', { email, password }, { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } })).status).toBe(202);
    expect((await c.login(email, password)).status).toBe(200);
    expect((await c.get('/api/auth/me')).body.account.emailVerified).toBe(false);
    expectProblem(await c.post('/api/keys', { label: 'too early' }), 403, 'email_unverified');
    expect((await c.get('/api/keys')).body.keys).toEqual([]);

    const mail = await inbox.waitFor(email);
    expect(mail.text).not.toContain('evil.example');
    const token = tokenFrom(mail.text, 'verify-email');
    const ok = await new AdminClient(admin.url).post('/api/auth/verify-email', { token });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'verified', email });
    expectProblem(await new AdminClient(admin.url).post('/api/auth/verify-email', { token }), 400, 'link_invalid');
    expectProblem(await new AdminClient(admin.url).post('/api/auth/verify-email', { token: 'f'.repeat(64) }), 400, 'link_invalid');
    expectProblem(await new AdminClient(admin.url).post('/api/auth/verify-email', { token: 'not a token' }), 400, 'link_invalid');
    expectProblem(await new AdminClient(admin.url).post('/api/auth/verify-email', {}), 400, 'validation_failed');

    // Verification ended the pre-verification session; signed in again, the account creates keys.
    expectProblem(await c.get('/api/auth/me'), 401, 'unauthenticated');
    expect((await c.login(email, password)).status).toBe(200);
    expect((await c.get('/api/auth/me')).body.account.emailVerified).toBe(true);
    expect((await c.post('/api/keys', { label: 'now allowed' })).status).toBe(201);
  });

  it('someone who signs up first with your address does not keep the account: your own link sets your password', async () => {
    const email = uniqueEmail('victim');
    const attackerPassword = strongPassword();
    const ownerPassword = strongPassword();
    const attacker = new AdminClient(admin.url);
    expect((await attacker.signup(email, attackerPassword)).status).toBe(202);
    expect((await attacker.login(email, attackerPassword)).status).toBe(200);
    expect((await new AdminClient(admin.url).signup(email, ownerPassword)).status).toBe(202);
    const ownersLink = tokenFrom((await inbox.waitFor(email, 2)).text, 'verify-email');
    expect((await new AdminClient(admin.url).post('/api/auth/verify-email', { token: ownersLink })).status).toBe(200);
    expectProblem(await attacker.get('/api/auth/me'), 401, 'unauthenticated');
    expectProblem(await new AdminClient(admin.url).login(email, attackerPassword), 401, 'invalid_credentials');
    expect((await new AdminClient(admin.url).login(email, ownerPassword)).status).toBe(200);
    // The first (attacker's) link was retired with the verification.
    const attackersLink = tokenFrom((await inbox.waitFor(email, 1)).text, 'verify-email');
    expectProblem(await new AdminClient(admin.url).post('/api/auth/verify-email', { token: attackersLink }), 400, 'link_invalid');
  });

  it('resends a verification link to the signed-in unverified account; a verified one gets 409', async () => {
    const email = uniqueEmail('resend');
    const password = strongPassword();
    const c = new AdminClient(admin.url);
    await c.signup(email, password);
    await inbox.waitFor(email, 1);
    await c.login(email, password);
    const r = await c.post('/api/auth/verify-email/resend');
    expect(r.status).toBe(202);
    const second = tokenFrom((await inbox.waitFor(email, 2)).text, 'verify-email');
    expect((await new AdminClient(admin.url).post('/api/auth/verify-email', { token: second })).status).toBe(200);
    await c.login(email, password);
    expectProblem(await c.post('/api/auth/verify-email/resend'), 409, 'conflict');
    expectProblem(await new AdminClient(admin.url).post('/api/auth/verify-email/resend'), 401, 'unauthenticated');
  });

  it('password reset: same answer for unknown addresses; a weak password keeps the link; success ends every session', async () => {
    const user = await verifiedUser();
    const other = new AdminClient(admin.url);
    await other.login(user.email, user.password);
    const before = inbox.messages.length;
    const known = await new AdminClient(admin.url).post('/api/auth/password-reset', { email: user.email });
    const unknown = await new AdminClient(admin.url).post('/api/auth/password-reset', { email: uniqueEmail('nobody') });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    const mail = await inbox.waitFor(user.email, 2);
    expect(mail.subject).toBe('Reset your Vigil password');
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox.messages.length).toBe(before + 1); // nothing was sent for the unknown address
    const token = tokenFrom(mail.text, 'reset-password');
    secrets.push(token);

    const weak = await new AdminClient(admin.url).post('/api/auth/password-reset/confirm', { token, newPassword: 'password1234' });
    expectProblem(weak, 400, 'validation_failed');
    expect(weak.body.errors[0]).toMatchObject({ pointer: '/newPassword', code: 'weak_password' });
    const next = strongPassword();
    secrets.push(next);
    const done = await new AdminClient(admin.url).post('/api/auth/password-reset/confirm', { token, newPassword: next });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'password_reset', email: user.email });
    expectProblem(await user.client.get('/api/auth/me'), 401, 'unauthenticated');
    expectProblem(await other.get('/api/auth/me'), 401, 'unauthenticated');
    expectProblem(await new AdminClient(admin.url).login(user.email, user.password), 401, 'invalid_credentials');
    expect((await new AdminClient(admin.url).login(user.email, next)).status).toBe(200);
    expectProblem(await new AdminClient(admin.url).post('/api/auth/password-reset/confirm', { token, newPassword: strongPassword() }), 400, 'link_invalid');
  });

  it('the "already registered" email of a sign-up carries a working reset link (a forgotten password is recovered there)', async () => {
    const user = await verifiedUser();
    await new AdminClient(admin.url).signup(user.email, strongPassword());
    const token = tokenFrom((await inbox.waitFor(user.email, 2)).text, 'reset-password');
    const next = strongPassword();
    expect((await new AdminClient(admin.url).post('/api/auth/password-reset/confirm', { token, newPassword: next })).status).toBe(200);
    expect((await new AdminClient(admin.url).login(user.email, next)).status).toBe(200);
  });

  it('at most 5 emails per account per hour, whatever asks for them; the answer does not change', async () => {
    const user = await verifiedUser(); // 1 verification email
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await new AdminClient(admin.url).post('/api/auth/password-reset', { email: user.email })).status);
    expect(answers).toEqual([202, 202, 202, 202, 202, 202]);
    await inbox.waitFor(user.email, 5);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.to(user.email)).toHaveLength(5);
  });

  it('never writes a password, a token or a link to the log when SMTP is configured', async () => {
    expect(secrets.length).toBeGreaterThan(4);
    const log = admin.logs.text();
    expect(log).toContain('email sent');
    for (const s of secrets) expect(log).not.toContain(s);
    expect(log).not.toMatch(/#\/(verify-email|reset-password)\//);
    expect(inbox.logins).toContain('vigil'); // SMTP AUTH with the URL's credentials
  });

  it('a mail server that is down does not fail or slow sign-up; the failure is logged without the link', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => resolve(port));
      });
    });
    const down = await startAdmin({ SMTP_URL: `smtp://127.0.0.1:${closed}`, ADMIN_PUBLIC_URL: PUBLIC }, admin.db);
    try {
      const email = uniqueEmail('down');
      const started = Date.now();
      const r = await new AdminClient(down.url).signup(email, strongPassword());
      expect(r.status).toBe(202);
      expect(Date.now() - started).toBeLessThan(5000); // argon2 dominates; delivery is not awaited
      const deadline = Date.now() + 10_000;
      while (!down.logs.text().includes('email delivery failed') && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50));
      const line = down.logs.lines.find((l) => l.includes('email delivery failed'))!;
      expect(line).toBeDefined();
      expect(line).not.toMatch(/[0-9a-f]{64}/);
      expect(line).not.toContain(email); // the address is masked
    } finally {
      await down.close();
    }
  });
});

describe('no SMTP configured: the operator CLI verifies and issues reset links', () => {
  const cli = join(__dirname, '..', 'dist', 'cli.js');
  let admin: RunningAdmin;
  beforeAll(async () => {
    admin = await startAdmin();
  });
  afterAll(async () => {
    await admin.close();
  });

  function vigil(args: string[]) {
    return spawnSync(process.execPath, [cli, ...args], {
      env: { PATH: process.env.PATH, DATABASE_URL: admin.db.url, ADMIN_PUBLIC_URL: PUBLIC, LOG_LEVEL: 'error' },
      encoding: 'utf8',
      timeout: 30000,
    });
  }

  it('the link goes to the admin log; `accounts verify` and `accounts reset-link` work without any email', async () => {
    const email = uniqueEmail('cli');
    const password = strongPassword();
    const c = new AdminClient(admin.url);
    expect((await c.signup(email, password)).status).toBe(202);
    expect(admin.logs.text()).toMatch(
      new RegExp(`SMTP_URL is not set, so no email was sent: verify_email link for ${email.replace(/\./g, '\\.')}: http://localhost:3001/#/verify-email/[0-9a-f]{64}`),
    );
    await c.login(email, password);
    expectProblem(await c.post('/api/keys', { label: 'x' }), 403, 'email_unverified');

    const verify = vigil(['accounts', 'verify', '--email', email, '--json']);
    expect(verify.status).toBe(0);
    expect(JSON.parse(verify.stdout)).toMatchObject({ email, emailVerified: true, changed: true });
    expect(JSON.parse(vigil(['accounts', 'verify', '--email', email, '--json']).stdout)).toMatchObject({ changed: false });
    expect((await c.post('/api/keys', { label: 'after cli verify' })).status).toBe(201);

    const reset = vigil(['accounts', 'reset-link', '--email', email, '--json']);
    expect(reset.status).toBe(0);
    const { link, expiresInMinutes } = JSON.parse(reset.stdout);
    expect(link).toMatch(new RegExp(`^${PUBLIC}/#/reset-password/[0-9a-f]{64}$`));
    expect(expiresInMinutes).toBe(60);
    const next = strongPassword();
    const done = await new AdminClient(admin.url).post('/api/auth/password-reset/confirm', { token: tokenFrom(link, 'reset-password'), newPassword: next });
    expect(done.status).toBe(200);
    expect((await new AdminClient(admin.url).login(email, next)).status).toBe(200);

    const unknown = vigil(['accounts', 'verify', '--email', uniqueEmail('nobody'), '--json']);
    expect(unknown.status).not.toBe(0);
  });
});
