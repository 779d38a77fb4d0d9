import { type RunningApi, startApi } from './support/start-api';

describe('API health, request ids, errors and logs', () => {
  let api: RunningApi;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('GET /healthz is public and JSON', async () => {
    const res = await fetch(`${api.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ status: 'ok', service: 'api' });
  });

  it('GET /readyz reports the database up and migrations current', async () => {
    const res = await fetch(`${api.url}/readyz`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ready', checks: { database: { status: 'up', kind: 'server' }, migrations: { status: 'current', pending: [] } } });
    if (process.env.REDIS_URL) expect(body.checks.redis).toEqual({ status: 'up' });
  });

  it('echoes a safe x-request-id and generates one otherwise', async () => {
    const mine = await fetch(`${api.url}/healthz`, { headers: { 'x-request-id': 'trace-42' } });
    expect(mine.headers.get('x-request-id')).toBe('trace-42');
    const generated = await fetch(`${api.url}/healthz`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown routes with problem+json 404 and the request id', async () => {
    const res = await fetch(`${api.url}/nope?x=1`, { headers: { 'x-request-id': 'rid-404' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = await res.json();
    expect(body).toEqual({
      type: 'https://vigil.dev/problems/not-found',
      title: 'Not found',
      status: 404,
      detail: 'No route for GET /nope',
      code: 'not_found',
      requestId: 'rid-404',
    });
  });

  it('writes JSON log lines carrying the request id, with secrets left out', async () => {
    const secret = 'vigil_SeCrEtKeyValue1234567890abcdefGHIJKL';
    await fetch(`${api.url}/v1/kb`, { headers: { 'x-request-id': 'rid-logs', 'x-api-key': secret, authorization: `Bearer ${secret}`, cookie: `vigil_session=${secret}` } });
    await new Promise((r) => setTimeout(r, 50));
    const entries = api.logs.entries().filter((e) => e.requestId === 'rid-logs');
    expect(entries.length).toBeGreaterThan(0);
    expect(api.logs.text()).not.toContain(secret);
    const headers = (entries[0].req as { headers: Record<string, string> }).headers;
    // Only allow-listed headers are logged: the key, authorization and cookie headers are not there at all.
    expect(headers).not.toHaveProperty('x-api-key');
    expect(headers).not.toHaveProperty('authorization');
    expect(headers).not.toHaveProperty('cookie');
    expect(headers).toMatchObject({ 'x-request-id': 'rid-logs' });
    expect(entries.find((e) => e.msg === 'request completed')).toMatchObject({ code: 'api_key_malformed' });
  });
});
