import { DashboardAssetsService } from '../src/dashboard/dashboard-assets.service';
import { AdminClient } from './support/admin-client';
import { expectProblem } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

describe('dashboard: static app, security headers, GET /api/config', () => {
  let admin: RunningAdmin;
  let client: AdminClient;
  beforeAll(async () => {
    admin = await startAdmin({ PUBLIC_API_URL: 'https://api.example.test/' });
    client = new AdminClient(admin.url);
  });
  afterAll(async () => {
    await admin.close();
  });

  it('serves the shell at / with a strict CSP and no inline script', async () => {
    const r = await client.get('/', { headers: { accept: 'text/html' } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(r.headers['content-security-policy']);
    for (const d of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "img-src 'self' data:", "object-src 'none'"])
      expect(csp).toContain(d);
    expect(csp).toContain("connect-src 'self' https://api.example.test");
    expect(csp).not.toContain('unsafe-inline');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['strict-transport-security']).toBeUndefined(); // NODE_ENV=test: HSTS only in production
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    // Every script is an external module from this origin; nothing inline, nothing from a CDN.
    expect(r.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i);
    expect(r.text).not.toMatch(/\sstyle=|<style|\son[a-z]+=/i);
    const refs = [...r.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref).toMatch(/^\/(assets\/|favicon)/);
  });

  it('serves every asset with its type, an ETag and 304 on revalidation; no CDN URL anywhere', async () => {
    const r = await client.get('/');
    const refs = [...r.text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    const main = await client.get('/assets/js/main.js');
    expect(main.status).toBe(200);
    expect(main.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const again = await client.get('/assets/js/main.js', { headers: { 'if-none-match': String(main.headers.etag) } });
    expect(again.status).toBe(304);
    for (const ref of refs) expect((await client.get(ref)).status).toBe(200);
    const css = await client.get('/assets/app.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    // Every module imports only relative paths (no bare specifiers), and nothing names a remote URL (offline).
    const paths = admin.app.get(DashboardAssetsService).paths();
    expect(paths).toEqual(expect.arrayContaining(['index.html', 'app.css', 'js/main.js', 'js/pages/keys-page.js']));
    for (const p of paths.filter((x) => /\.(js|css|html)$/.test(x))) {
      const s = await client.get(p === 'index.html' ? '/' : `/assets/${p}`);
      expect({ p, status: s.status }).toEqual({ p, status: 200 });
      expect(s.text).not.toMatch(/^\s*(?:import|export)\b[^;\n]*?\bfrom\s*['"](?!\.{1,2}\/)/m);
      expect(s.text).not.toMatch(/\bimport\s*\(\s*['"](?!\.{1,2}\/)/);
      expect(s.text).not.toMatch(/(?:src|href|url)\s*[=(]\s*['"]?(?:https?:)?\/\//i);
      expect(s.text).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
    }
  });

  it('answers unknown assets and path tricks with problem+json 404', async () => {
    for (const p of ['/assets/nope.js', '/assets/../package.json', '/assets/%2e%2e/dashboard.module.ts', '/assets/index.html', '/nope']) {
      expectProblem(await client.get(p), 404, 'not_found');
    }
  });

  it('GET /api/config is public and names the API URL, key prefix, scopes, plans and trial', async () => {
    const r = await client.get('/api/config');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      apiUrl: 'https://api.example.test',
      apiUrlConfigured: true,
      keyPrefix: 'vigil',
      scopes: ['interactions:check', 'drugs:read', 'kb:read', 'cds:invoke'],
      plans: expect.arrayContaining([expect.objectContaining({ id: 'free', monthlyQuota: expect.any(Number), maxKeys: expect.any(Number) })]),
      trial: { plan: 'pro', days: 7 },
      passwordMinLength: 12,
    });
    expect(r.headers['content-security-policy']).toBeDefined();
  });
});

describe('GET /api/config without PUBLIC_API_URL', () => {
  let admin: RunningAdmin;
  beforeAll(async () => {
    admin = await startAdmin({ ADMIN_PORT: '4001', VIGIL_KEY_PREFIX: 'acme' });
  });
  afterAll(async () => {
    await admin.close();
  });

  it('guesses the API on this host at the admin port − 1, and allows it in connect-src', async () => {
    const client = new AdminClient(admin.url);
    const r = await client.get('/api/config', { headers: { host: 'dash.example.test:4001' } });
    expect(r.body).toMatchObject({ apiUrl: 'http://dash.example.test:4000', apiUrlConfigured: false, keyPrefix: 'acme' });
    expect(String(r.headers['content-security-policy'])).toContain("connect-src 'self' http://dash.example.test:4000");
    const odd = await client.get('/api/config', { headers: { host: 'evil.test;script-src *' } });
    expect(odd.body.apiUrl).toBe('http://127.0.0.1:4000');
    expect(String(odd.headers['content-security-policy'])).not.toContain('script-src *');
  });
});

describe('security headers in production', () => {
  let admin: RunningAdmin;
  beforeAll(async () => {
    admin = await startAdmin({ NODE_ENV: 'production', LOG_LEVEL: 'silent', PUBLIC_API_URL: 'https://api.example.test' });
  });
  afterAll(async () => {
    await admin.close();
  });

  it('adds HSTS (without includeSubDomains) and keeps the CSP on errors too', async () => {
    const client = new AdminClient(admin.url);
    const r = await client.get('/');
    expect(r.headers['strict-transport-security']).toBe('max-age=15552000');
    const problem = await client.get('/api/keys');
    expectProblem(problem, 401, 'unauthenticated');
    expect(String(problem.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
