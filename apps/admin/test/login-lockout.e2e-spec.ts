import { AdminClient, randomLoopback } from './support/admin-client';
import { expectProblem, signedUpUser, uniqueEmail } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

const login = (client: AdminClient, email: string, password: string, headers: Record<string, string> = {}) => client.post('/api/auth/login', { email, password }, { headers });

describe.each([
  ['in-memory counters', ''],
  ['Redis counters', process.env.REDIS_URL || 'redis://127.0.0.1:6379'],
])('sign-in lock-out counts failures per client and email (%s)', (_n, redisUrl) => {
  let admin: RunningAdmin;
  beforeAll(async () => {
    admin = await startAdmin({ REDIS_URL: redisUrl });
  });
  afterAll(() => admin.close());

  it('wrong guesses from elsewhere never lock the owner out; the guessing client is locked', async () => {
    const owner = await signedUpUser(admin, 'owner');
    const attacker = new AdminClient(admin.url);
    for (let i = 0; i < 5; i++) expectProblem(await login(attacker, owner.email, 'wrong-password-123'), 401, 'invalid_credentials');
    expectProblem(await login(attacker, owner.email, 'wrong-password-123'), 429, 'rate_limited');
    // Even the right password is refused to the client that has been guessing…
    expectProblem(await login(attacker, owner.email, owner.password), 429, 'rate_limited');
    // …but the owner, from their own client, signs in.
    expect((await login(new AdminClient(admin.url), owner.email, owner.password)).status).toBe(200);
  });

  it('a correct password resets that client’s failures for the email', async () => {
    const u = await signedUpUser(admin, 'typo');
    const client = new AdminClient(admin.url);
    for (let i = 0; i < 4; i++) expect((await login(client, u.email, 'typo-password-123')).status).toBe(401);
    expect((await login(client, u.email, u.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(client, u.email, 'typo-password-123')).status).toBe(401);
    expect((await login(client, u.email, u.password)).status).toBe(200);
  });

  it('one client spraying many emails is stopped after 20 failures', async () => {
    const client = new AdminClient(admin.url);
    for (let i = 0; i < 20; i++) expect((await login(client, uniqueEmail('spray'), 'wrong-password-123')).status).toBe(401);
    const r = await login(client, uniqueEmail('spray'), 'wrong-password-123');
    expectProblem(r, 429, 'rate_limited');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('behind a trusted proxy (TRUSTED_PROXIES)', () => {
  let admin: RunningAdmin;
  const proxy = randomLoopback();
  beforeAll(async () => {
    admin = await startAdmin({ REDIS_URL: '', TRUSTED_PROXIES: proxy });
  });
  afterAll(() => admin.close());

  it('tells clients apart by X-Forwarded-For: one client’s failures do not throttle the others', async () => {
    const u = await signedUpUser(admin, 'proxied');
    const viaProxy = new AdminClient(admin.url, proxy);
    for (let i = 0; i < 20; i++) expect((await login(viaProxy, uniqueEmail('x'), 'wrong-password-123', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(401);
    expectProblem(await login(viaProxy, uniqueEmail('x'), 'wrong-password-123', { 'x-forwarded-for': '203.0.113.9' }), 429, 'rate_limited');
    expect((await login(viaProxy, u.email, u.password, { 'x-forwarded-for': '198.51.100.4' })).status).toBe(200);
  });

  it('sets Secure cookies and HSTS when the proxy says the request came over HTTPS, not otherwise', async () => {
    const u = await signedUpUser(admin, 'tls');
    const https = await login(new AdminClient(admin.url, proxy), u.email, u.password, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.5' });
    expect(https.status).toBe(200);
    expect(String(https.headers['set-cookie'])).toMatch(/vigil_session=[^;]+;.*Secure/);
    expect(https.headers['strict-transport-security']).toBe('max-age=15552000');
    const plain = await login(new AdminClient(admin.url, proxy), u.email, u.password, { 'x-forwarded-for': '198.51.100.6' });
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // A client that is not a trusted proxy cannot claim HTTPS.
    const spoofed = await login(new AdminClient(admin.url), u.email, u.password, { 'x-forwarded-proto': 'https' });
    expect(String(spoofed.headers['set-cookie'])).not.toMatch(/Secure/);
  });
});
