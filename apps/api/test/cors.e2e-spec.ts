import { seedKey } from '@vigil/testing';
import { type RunningApi, startApi } from './support/start-api';

describe('CORS for browser clients', () => {
  let api: RunningApi;
  let key: string;
  afterEach(async () => {
    await api.close();
  });

  it('answers a preflight and exposes the rate-limit headers to an allowed origin; nothing without an Origin', async () => {
    api = await startApi({ CORS_ORIGINS: 'http://dash.example' });
    ({ key } = await seedKey(api.db.url));
    const pre = await fetch(`${api.url}/v1/interactions/check`, {
      method: 'OPTIONS',
      headers: { origin: 'http://dash.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key,content-type' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://dash.example');
    expect(pre.headers.get('access-control-allow-headers')).toContain('x-api-key');
    const res = await fetch(`${api.url}/v1/key`, { headers: { origin: 'http://dash.example', 'x-api-key': key } });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://dash.example');
    expect(res.headers.get('access-control-expose-headers')).toContain('ratelimit');
    expect(res.headers.get('vary')).toContain('Origin');
    const other = await fetch(`${api.url}/v1/key`, { headers: { origin: 'http://evil.example', 'x-api-key': key } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const server = await fetch(`${api.url}/v1/key`, { headers: { 'x-api-key': key } });
    expect(server.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('CORS_ORIGINS=* allows any origin without credentials', async () => {
    api = await startApi({ CORS_ORIGINS: '*' });
    const res = await fetch(`${api.url}/healthz`, { headers: { origin: 'http://anything.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
