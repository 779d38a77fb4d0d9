import { type RunningAdmin, startAdmin } from './support/start-admin';

const TOKEN = 'admin-metrics-token-0123456789';

describe('admin /metrics', () => {
  let admin: RunningAdmin;
  beforeAll(async () => {
    admin = await startAdmin({ METRICS_TOKEN: TOKEN, REDIS_URL: '' });
  });
  afterAll(() => admin.close());

  it('is private (bearer token) and counts the admin app’s requests by route, status and code', async () => {
    expect((await fetch(`${admin.url}/metrics`)).status).toBe(401);
    await (await fetch(`${admin.url}/api/keys`)).arrayBuffer(); // 401 unauthenticated
    const res = await fetch(`${admin.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^vigil_http_requests_total\{method="GET",route="\/api\/keys",status="401",code="unauthenticated",service="admin"\} 1$/m);
    expect(text).toMatch(/^vigil_db_pool_connections\{state="total",service="admin"\} \d+$/m);
  });
});
