import { AdminClient } from './support/admin-client';
import { expectProblem, loggedToken, signedUpUser, strongPassword, uniqueEmail } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

describe('/api/auth: sign-up, sign-in, sessions, CSRF, password change', () => {
  let admin: RunningAdmin;
  beforeAll(async () => {
    admin = await startAdmin();
  });
  afterAll(async () => {
    await admin.close();
  });

  it('signs up: 202 and no session until the emailed link is followed; then a Free account with a Pro trial, session + CSRF cookies, never the password hash', async () => {
    const c = new AdminClient(admin.url);
    const email = uniqueEmail();
    const password = strongPassword();
    const r = await c.signup(email, password);
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ status: 'verification_sent', detail: expect.any(String) });
    expect(r.headers['set-cookie']).toBeUndefined();
    const verified = await c.post('/api/auth/verify-email', { token: loggedToken(admin, email, 'verify-email') });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: 'verified', email });
    const login = await c.login(email, password);
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    expect(login.body).toEqual({
      csrfToken: expect.any(String),
      account: expect.objectContaining({
        email,
        role: 'user',
        status: 'active',
        emailVerified: true,
        accountPlan: 'free',
        plan: expect.objectContaining({ id: 'pro' }),
        trial: { plan: 'pro', endsAt: expect.any(String), active: true },
      }),
    });
    expect(JSON.stringify(login.body)).not.toMatch(/passwordHash|argon2/);
    const cookies = login.headers['set-cookie']!;
    const session = cookies.find((x) => x.startsWith('vigil_session='))!;
    const csrf = cookies.find((x) => x.startsWith('vigil_csrf='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Path=\//);
    expect(session).not.toMatch(/Secure/); // NODE_ENV=test: Secure only in production
    expect(csrf).not.toMatch(/HttpOnly/);
    expect(decodeURIComponent(csrf.split(';')[0].split('=')[1])).toBe(login.body.csrfToken);
    const me = await c.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.account.email).toBe(email);
  });

  it('rejects invalid sign-up input as problem+json with pointers, unknown fields included', async () => {
    const c = new AdminClient(admin.url);
    const bad = await c.post('/api/auth/signup', { email: 'not-an-email', password: '' });
    expectProblem(bad, 400, 'validation_failed');
    expect(bad.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['/email', '/password']);
    const extra = await c.post('/api/auth/signup', { email: uniqueEmail(), password: strongPassword(), role: 'admin' });
    expectProblem(extra, 400, 'validation_failed');
    expect(extra.body.errors).toEqual([{ pointer: '/role', code: 'unknown_field', message: 'unknown field "role"' }]);
    const weak = await c.post('/api/auth/signup', { email: uniqueEmail(), password: 'short' });
    expectProblem(weak, 400, 'validation_failed');
    expect(weak.body.errors[0]).toMatchObject({ pointer: '/password', code: 'weak_password' });
    const common = await c.post('/api/auth/signup', { email: uniqueEmail(), password: 'password1234' });
    expect(common.body.errors[0]).toMatchObject({ pointer: '/password', message: expect.stringMatching(/common/) });
    expectProblem(await c.request('POST', '/api/auth/signup', { raw: '{"email":' }), 400, 'invalid_json');
  });

  it('login with a wrong password or an unknown email: the same generic 401 invalid_credentials', async () => {
    const { email, password } = await signedUpUser(admin);
    const wrong = await new AdminClient(admin.url).login(email, `${password}x`);
    const unknown = await new AdminClient(admin.url).login(uniqueEmail('nobody'), password);
    expectProblem(wrong, 401, 'invalid_credentials');
    expectProblem(unknown, 401, 'invalid_credentials');
    expect(wrong.body.detail).toBe(unknown.body.detail);
    expect(wrong.body.title).toBe(unknown.body.title);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const ok = await new AdminClient(admin.url).login(email.toUpperCase(), password);
    expect(ok.status).toBe(200);
  });

  it('rotates the session id at every login; logout ends only that session', async () => {
    const { client: a, email, password } = await signedUpUser(admin);
    const b = new AdminClient(admin.url);
    await b.login(email, password);
    expect(b.sessionCookie).toBeDefined();
    expect(b.sessionCookie).not.toBe(a.sessionCookie);
    expect(b.csrfToken).not.toBe(a.csrfToken);
    const stale = a.sessionCookie!;
    const out = await a.post('/api/auth/logout');
    expect(out.status).toBe(204);
    expect(a.sessionCookie).toBeUndefined(); // cleared by Max-Age=0
    a.cookies.set('vigil_session', stale);
    expectProblem(await a.get('/api/auth/me'), 401, 'unauthenticated');
    expect((await b.get('/api/auth/me')).status).toBe(200);
  });

  it('requires a session (401 problem) and the CSRF header on state-changing calls (403 csrf_failed)', async () => {
    const anon = new AdminClient(admin.url);
    expectProblem(await anon.get('/api/auth/me'), 401, 'unauthenticated');
    expectProblem(await anon.post('/api/auth/logout'), 401, 'unauthenticated');
    expectProblem(await anon.post('/api/auth/password', { currentPassword: 'x', newPassword: 'y' }), 401, 'unauthenticated');
    const forged = new AdminClient(admin.url);
    forged.cookies.set('vigil_session', 'A'.repeat(43));
    expectProblem(await forged.get('/api/auth/me'), 401, 'unauthenticated');

    const { client: c } = await signedUpUser(admin);
    const { client: other } = await signedUpUser(admin);
    expectProblem(await c.post('/api/auth/logout', undefined, { csrf: false }), 403, 'csrf_failed');
    expectProblem(await c.post('/api/auth/logout', undefined, { csrf: 'wrong-token' }), 403, 'csrf_failed');
    expectProblem(await c.post('/api/auth/logout', undefined, { csrf: other.csrfToken }), 403, 'csrf_failed');
    expect((await c.get('/api/auth/me')).status).toBe(200); // still signed in: nothing happened
  });

  it('changes the password: wrong current password is refused, success ends every session', async () => {
    const { client: a, email, password } = await signedUpUser(admin);
    const b = new AdminClient(admin.url);
    await b.login(email, password);
    const next = strongPassword();
    expectProblem(await a.post('/api/auth/password', { currentPassword: 'not-it-at-all', newPassword: next }), 401, 'invalid_credentials');
    const weak = await a.post('/api/auth/password', { currentPassword: password, newPassword: 'short' });
    expectProblem(weak, 400, 'validation_failed');
    expect(weak.body.errors[0].pointer).toBe('/newPassword');
    expectProblem(await a.post('/api/auth/password', { currentPassword: password, newPassword: next, extra: 1 }), 400, 'validation_failed');
    expect((await a.post('/api/auth/password', { currentPassword: password, newPassword: next })).status).toBe(204);
    expectProblem(await a.get('/api/auth/me'), 401, 'unauthenticated');
    expectProblem(await b.get('/api/auth/me'), 401, 'unauthenticated');
    expectProblem(await new AdminClient(admin.url).login(email, password), 401, 'invalid_credentials');
    expect((await new AdminClient(admin.url).login(email, next)).status).toBe(200);
  });

  it('throttles failed sign-ins per client and email with a generic 429, whether or not the email exists', async () => {
    for (const email of [uniqueEmail('throttle'), uniqueEmail('ghost')]) {
      const client = new AdminClient(admin.url);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await client.login(email, 'wrong-password-123')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      const limited = await client.login(email, 'wrong-password-123');
      expectProblem(limited, 429, 'rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
