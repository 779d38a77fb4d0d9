import { generateApiKey } from '@vigil/auth';
import { freePort, seedKey } from '@vigil/testing';
import { type RunningApi, startApi } from './support/start-api';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one sample line (`name{labels} value`) whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('/metrics (Prometheus): private, and shows what an operator needs', () => {
  let api: RunningApi;
  let port: number;
  let key: string;

  beforeAll(async () => {
    port = await freePort();
    api = await startApi({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(port), REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379' });
    ({ key } = await seedKey(api.db.url, { rateLimit: { limit: 3, windowSeconds: 60 }, plan: 'pro' }));
  });
  afterAll(() => api.close());

  const scrape = async () => {
    const res = await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('is refused without the token (401 problem+json) and with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token' }, { authorization: TOKEN }] as Record<string, string>[]) {
      const res = await fetch(`${api.url}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect((await res.json()).code).toBe('unauthenticated');
    }
  });

  it('counts requests by route template, status and error code, with latency histograms', async () => {
    for (let i = 0; i < 4; i++) await (await fetch(`${api.url}/v1/key`, { headers: { 'x-api-key': key } })).arrayBuffer(); // 3 × 200, 1 × 429
    await (await fetch(`${api.url}/v1/key`)).arrayBuffer(); // 401 api_key_missing
    await (await fetch(`${api.url}/v1/key`, { headers: { 'x-api-key': generateApiKey('vigil') } })).arrayBuffer(); // unknown key
    await (await fetch(`${api.url}/v1/drugs/warfarin-xyz-${'q'.repeat(10)}`)).arrayBuffer();
    const text = await scrape();
    expect(sample(text, 'vigil_http_requests_total', { method: 'GET', route: '/v1/key', status: '200', code: '' })).toBe(3);
    expect(sample(text, 'vigil_http_requests_total', { route: '/v1/key', status: '429', code: 'rate_limited' })).toBe(1);
    expect(sample(text, 'vigil_http_requests_total', { route: '/v1/key', status: '401', code: 'api_key_missing' })).toBe(1);
    expect(sample(text, 'vigil_http_requests_total', { route: '/v1/key', status: '401', code: 'api_key_invalid' })).toBe(1);
    expect(sample(text, 'vigil_http_requests_total', { route: '/v1/drugs/:id', status: '401' })).toBe(1);
    expect(sample(text, 'vigil_http_request_duration_seconds_count', { method: 'GET', route: '/v1/key' })).toBe(6);
    expect(sample(text, 'vigil_key_decisions_total', { outcome: 'allowed' })).toBe(3);
    expect(sample(text, 'vigil_key_decisions_total', { outcome: 'rate_limited' })).toBe(1);
    expect(sample(text, 'vigil_key_cache_lookups_total', { result: 'miss' })).toBe(2);
    expect(sample(text, 'vigil_key_cache_lookups_total', { result: 'hit' })).toBe(3);
    expect(text).toMatch(/^vigil_kb_release_info\{version="[^"]+",service="api"\} 1$/m);
    expect(sample(text, 'vigil_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(sample(text, 'vigil_redis_up', {})).toBe(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{service="api"\} /m);
    // Raw URLs never become labels (cardinality, and they can carry anything).
    expect(text).not.toContain('warfarin-xyz');
    expect(text).not.toContain(key);
  });

  it('is also served on its own port, without a token, and nothing else is', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('vigil_http_requests_total');
    expect((await fetch(`http://127.0.0.1:${port}/v1/key`)).status).toBe(404);
  });
});

describe('/metrics with no token and no port configured', () => {
  it('is not served at all', async () => {
    const api = await startApi({ REDIS_URL: '' });
    try {
      const res = await fetch(`${api.url}/metrics`);
      expect(res.status).toBe(404);
    } finally {
      await api.close();
    }
  });
});
