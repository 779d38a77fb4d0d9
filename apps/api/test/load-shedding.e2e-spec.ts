import { type RunningApi, startApi } from './support/start-api';

/** Blocks this process's event loop (the API runs in it) for `ms`, like a request that stalls the server. */
function stall(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    /* busy */
  }
}

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('load shedding under event-loop pressure (@fastify/under-pressure)', () => {
  let api: RunningApi;

  beforeAll(async () => {
    api = await startApi({ API_SHED_EVENT_LOOP_DELAY_MS: '100', API_SHED_RETRY_AFTER_SECONDS: '7' });
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers normally when the event loop is free', async () => {
    const res = await fetch(`${api.url}/v1/key`);
    // No key: refused by the key guard (401), not shed.
    expect(res.status).toBe(401);
  });

  it('after a stall, refuses API calls with 503 problem+json and Retry-After, while health routes still answer', async () => {
    let shed: Response | undefined;
    // The plugin samples the delay once a second: stall across a sample, then ask (a few tries, bounded).
    for (let attempt = 0; attempt < 5 && !shed; attempt++) {
      stall(1200);
      await tick(5);
      const res = await fetch(`${api.url}/v1/key`);
      if (res.status === 503) shed = res;
      else await res.arrayBuffer();
    }
    expect(shed).toBeDefined();
    expect(shed!.headers.get('retry-after')).toBe('7');
    expect(shed!.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(await shed!.json()).toMatchObject({ status: 503, code: 'service_unavailable' });
    stall(1200);
    await tick(5);
    const health = await fetch(`${api.url}/healthz`);
    expect(health.status).toBe(200);
  });
});
