// Replays the reproductions of issue #12 (items 1-10, 12, 14, 15, 17; 11, 13 and 16 need a database or Redis
// outage and live in e2e tests) against real API and admin processes (the entry points `npm start` runs, on a
// throw-away database of the local PostgreSQL, with Redis) and prints what each answers now.
// Usage: node bench/src/repro-hardening.mjs   (DATABASE_URL / REDIS_URL as for the benchmark)
import { connect } from 'node:net';
import { generateApiKey } from '@vigil/auth';
import { DEFAULT_PLANS } from '@vigil/contracts';
import { createDataSource } from '@vigil/db';
import { withDatabase } from '@vigil/db/testing';
import { seedKey, spawnApp, withPgClient } from '@vigil/testing';

const adminDbUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
async function setupDatabase() {
  const name = `vigil_repro_${Date.now().toString(36)}`;
  await withPgClient(adminDbUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = withDatabase(adminDbUrl, name);
  const ds = createDataSource({ url, poolSize: 1 });
  await ds.initialize();
  await ds.runMigrations({ transaction: 'all' });
  await ds.destroy();
  return { url, drop: () => withPgClient(adminDbUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)) };
}

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const rows = [];
const row = (item, reproduction, now) => rows.push({ item, reproduction, now });

function raw(url, data, waitMs = 5000) {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const s = connect(Number(port), '127.0.0.1');
    let text = '';
    const t = setTimeout(() => {
      s.destroy();
      resolve(text);
    }, waitMs);
    s.on('data', (d) => (text += d));
    s.on('close', () => {
      clearTimeout(t);
      resolve(text);
    });
    s.on('error', () => resolve(text));
    s.on('connect', () => s.write(data));
  });
}
const status = (text) => text.split('\r\n')[0];
const ctype = (text) => /content-type: ([^\r]+)/i.exec(text)?.[1] ?? '-';

const db = await setupDatabase();
// The built-in plans plus a tiny one for the quota reproduction; loopback is the "reverse proxy", so
// X-Forwarded-For and X-Forwarded-Proto play different clients and TLS.
const plans = [...DEFAULT_PLANS, { id: 'tiny', name: 'Tiny', rateLimit: { limit: 100, windowSeconds: 1 }, monthlyQuota: 5, maxKeys: 1 }];
const env = {
  DATABASE_URL: db.url,
  REDIS_URL: redisUrl,
  LOG_LEVEL: 'info',
  METRICS_TOKEN: 'repro-metrics-token-0123456789',
  HTTP_REQUEST_TIMEOUT_MS: '3000',
  VIGIL_PLANS: JSON.stringify(plans),
  TRUSTED_PROXIES: '127.0.0.0/8',
};
const api = await spawnApp('api', env);
const admin = await spawnApp('admin', env);
try {
  const { key } = await seedKey(db.url, { plan: 'pro' });
  const post = (path, body, headers = {}) =>
    fetch(`${api.url}${path}`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  // 2. rate limit above the plan
  const email = `repro-${Date.now()}@example.com`;
  const password = 'Vigil-repro-9Qx7Lm2Zt4-pw';
  const auth = (path, body, headers = {}) =>
    fetch(`${admin.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const signup = await auth('/api/auth/signup', { email, password });
  await signup.arrayBuffer();
  // No SMTP_URL here: the admin app logs the link for the operator.
  let token;
  for (let i = 0; i < 50 && !token; i++, await new Promise((r) => setTimeout(r, 100)))
    token = new RegExp(`link for ${email}: \\S+/#/verify-email/([0-9a-f]{64})`).exec(admin.output())?.[1];
  await (await auth('/api/auth/verify-email', { token })).arrayBuffer();
  const login = await auth('/api/auth/login', { email, password });
  const cookies = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const csrf = (await login.json()).csrfToken;

  // 1. one request of 100 names made of 28 random parts each (a 20 KB body)
  const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  const nonsense = Array.from({ length: 100 }, () => Array.from({ length: 28 }, letters).join('/'));
  const a0 = performance.now();
  const adversarial = await post('/v1/interactions/check', { drugs: nonsense });
  const adversarialBody = await adversarial.json();
  row(
    '1',
    '100 names of 28 random parts joined by "/" (20 KB)',
    `${adversarial.status} in ${(performance.now() - a0).toFixed(0)} ms (whole round trip), ${adversarialBody.unresolved?.length ?? 0} unresolved, complete: ${adversarialBody.summary?.complete}`,
  );

  // 3. lock-out: five wrong passwords from one client, then the owner from another
  const from = (ip) => ({ 'x-forwarded-for': ip });
  for (let i = 0; i < 5; i++) await (await auth('/api/auth/login', { email, password: `wrong-guess-${i}-xx` }, from('203.0.113.7'))).arrayBuffer();
  const attackerNext = await auth('/api/auth/login', { email, password }, from('203.0.113.7'));
  const owner = await auth('/api/auth/login', { email, password }, from('198.51.100.20'));
  row('3', '5 wrong passwords from client A, then the right one from A and from B', `A: ${attackerNext.status} ${(await attackerNext.json()).code ?? ''}, B: ${owner.status}`);

  // 14. twelve spaces
  const spaces = await auth('/api/auth/signup', { email: `spaces-${Date.now()}@example.com`, password: ' '.repeat(12) });
  row('14', 'sign-up with a password of twelve spaces', `${spaces.status} ${(await spaces.json()).code}`);

  // 15. HTTPS behind a trusted proxy
  const tls = await auth('/api/auth/login', { email, password }, { ...from('198.51.100.21'), 'x-forwarded-proto': 'https' });
  const secureCookie = (tls.headers.getSetCookie?.() ?? []).every((c) => /;\s*Secure/i.test(c));
  row(
    '15',
    'sign-in via a trusted proxy with X-Forwarded-Proto: https',
    `${tls.status}, cookies Secure: ${secureCookie}, HSTS: ${tls.headers.get('strict-transport-security') ?? 'none'}`,
  );

  // 5. monthly quota (a 5-call plan)
  const tiny = await seedKey(db.url, { plan: 'tiny' });
  const statuses = [];
  let last;
  for (let i = 0; i < 7; i++) {
    last = await fetch(`${api.url}/v1/interactions/check`, {
      method: 'POST',
      headers: { 'x-api-key': tiny.key, 'content-type': 'application/json' },
      body: JSON.stringify({ drugs: ['warfarin', 'aspirin'] }),
    });
    statuses.push(last.status);
    if (i < 6) await last.arrayBuffer();
  }
  const lastBody = await last.json();
  row(
    '5',
    '7 checks on a plan with a monthly quota of 5',
    `${statuses.join(', ')}; last: ${lastBody.code}, Retry-After ${last.headers.get('retry-after')} s, resetAt ${lastBody.resetAt}`,
  );

  // 4. sign-up reveals which emails exist
  const taken = await auth('/api/auth/signup', { email, password: 'Another-strong-9Qx7Lm2Zt4' });
  const fresh = await auth('/api/auth/signup', { email: `repro-new-${Date.now()}@example.com`, password: 'Another-strong-9Qx7Lm2Zt4' });
  const [takenBody, freshBody] = [await taken.text(), await fresh.text()];
  row('4', 'sign-up with a taken vs a new email', `${taken.status} vs ${fresh.status}, bodies ${takenBody === freshBody ? 'identical' : 'DIFFER'}`);

  const greedy = await fetch(`${admin.url}/api/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies, 'x-csrf-token': csrf },
    body: JSON.stringify({ label: 'greedy', rateLimit: { limit: 1_000_000, windowSeconds: 1 } }),
  });
  row('2', 'POST /api/keys {rateLimit: 1,000,000/1 s}', `${greedy.status} ${(await greedy.json()).code}`);

  // 6. undecodable cookie
  const badCookie = await fetch(`${admin.url}/api/keys`, { headers: { cookie: `ga=%zz; ${cookies}` } });
  row('6', 'cookie: ga=%zz on a signed-in route', String(badCookie.status));

  // 7. error body size
  const big = await post('/v1/interactions/check', { drugs: ['warfarin', 'aspirin'], options: { include: new Array(32_000).fill(0) } });
  row('7', '64 KB body of 32,000 bad include items', `${big.status}, error body ${(await big.text()).length} bytes`);

  // 8. keys in logs (read back from the API's own log lines)
  const secret = generateApiKey('vigil');
  await (
    await fetch(`${api.url}/v1/key?api_key=${secret}`, { headers: { 'api-key': secret, apikey: secret, 'x-api-token': secret, 'proxy-authorization': `Basic ${secret}` } })
  ).arrayBuffer();
  await new Promise((r) => setTimeout(r, 300));
  row('8', 'key in query string and four other headers', api.output().includes(secret.slice(6)) ? 'KEY IN LOG' : 'not in the log');

  // 9. NUL bytes
  const nul = await fetch(`${admin.url}/api/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies, 'x-csrf-token': csrf },
    body: JSON.stringify({ label: 'a\u0000b' }),
  });
  row('9', 'NUL in a key label', `${nul.status} ${(await nul.json()).code}`);

  // 10. Fastify's own refusals
  const r431 = await raw(api.url, `GET /healthz HTTP/1.1\r\nHost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`);
  row('10', 'header of 20 KB', `${status(r431)}, ${ctype(r431)}`);
  const r414 = await fetch(`${api.url}/v1/drugs/${'z'.repeat(5000)}`, { headers: { 'x-api-key': key } });
  const t414 = await r414.text();
  row('10', '5,000-character path segment', `${r414.status} ${r414.headers.get('content-type')}, path echoed: ${t414.includes('zzzzzzzz')}`);
  const r400 = await raw(api.url, 'GARBAGE\r\n\r\n');
  row('10', 'malformed request line', `${status(r400)}, ${ctype(r400)}`);

  // 12. trickled body
  const t0 = Date.now();
  const trickle = await raw(
    api.url,
    `POST /v1/interactions/check HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{`,
    20_000,
  );
  row('12', 'body that never completes (HTTP_REQUEST_TIMEOUT_MS=3000)', `${status(trickle)} after ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // 17. made-up keys
  const fake = generateApiKey('vigil');
  for (let i = 0; i < 200; i++) await (await fetch(`${api.url}/v1/key`, { headers: { 'x-api-key': fake } })).arrayBuffer();
  const metrics = await (await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${env.METRICS_TOKEN}` } })).text();
  const misses = /vigil_key_cache_lookups_total\{result="miss"[^}]*\} (\d+)/.exec(metrics)?.[1];
  const negative = /vigil_key_cache_lookups_total\{result="negative_hit"[^}]*\} (\d+)/.exec(metrics)?.[1];
  row('17', '200 calls with one made-up key (valid checksum)', `database lookups in total: ${misses}; negative-cache hits: ${negative}`);
} finally {
  await api.stop();
  await admin.stop();
  await db.drop();
}

console.log('| item | reproduction | now |\n|---|---|---|');
for (const r of rows.sort((a, b) => Number(a.item) - Number(b.item))) console.log(`| ${r.item} | ${r.reproduction} | ${r.now} |`);
