import { generateApiKey } from '@vigil/auth';
import { seedKey } from '@vigil/testing';
import { connect } from 'node:net';
import { type RunningApi, startApi } from './support/start-api';

/** Sends raw bytes and collects everything the server writes until it closes the connection (or `waitMs`). */
function raw(api: RunningApi, chunks: (string | Buffer)[], gapMs = 0, waitMs = 10_000): Promise<{ text: string; closedAfterMs: number }> {
  const { port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: -1 });
    }, waitMs);
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - t0 });
    });
    socket.on('error', reject);
    socket.on(
      'connect',
      () =>
        void (async () => {
          for (const c of chunks) {
            if (socket.destroyed) return;
            socket.write(c);
            if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
          }
        })(),
    );
  });
}

function parse(response: string): { status: number; headers: Record<string, string>; body: Record<string, unknown> } {
  const [head, ...rest] = response.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(rest.join('\r\n')) };
}

describe('transport hardening: refusals before the router, timeouts, bounded error bodies, clean logs', () => {
  let api: RunningApi;
  let key: string;

  beforeAll(async () => {
    api = await startApi({ HTTP_REQUEST_TIMEOUT_MS: '1500', HTTP_HEADERS_TIMEOUT_MS: '1000' });
    ({ key } = await seedKey(api.db.url, { plan: 'pro' }));
  });
  afterAll(() => api.close());

  it.each([
    ['header too large', `GET /healthz HTTP/1.1\r\nHost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'headers_too_large'],
    ['malformed request line', 'GARBAGE\r\n\r\n', 400, 'malformed_request'],
    ['control character in the path', 'GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'malformed_request'],
  ])('%s → %i problem+json with x-request-id', async (_n, request, status, code) => {
    const r = parse((await raw(api, [request])).text);
    expect(r.status).toBe(status);
    expect(r.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(r.body).toMatchObject({ status, code, requestId: r.headers['x-request-id'] });
  });

  it('414 for an over-long path segment, problem+json, without echoing the path', async () => {
    const long = 'z'.repeat(5000);
    const res = await fetch(`${api.url}/v1/drugs/${long}`, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(414);
    expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const text = await res.text();
    expect(text).not.toContain('zzzzzzzzzz');
    expect(JSON.parse(text)).toMatchObject({ status: 414, code: 'uri_too_long', requestId: res.headers.get('x-request-id') });
  });

  it('a body trickling in is cut off with 408 request_timeout once the request timeout passes', async () => {
    const head = `POST /v1/interactions/check HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\ncontent-type: application/json\r\ncontent-length: 200\r\n\r\n`;
    const chunks = [head, ...'{"drugs":["warfarin",'.split('')];
    const { text, closedAfterMs } = await raw(api, chunks, 400, 15_000);
    expect(closedAfterMs).toBeGreaterThan(0); // closed by the server, not by the test's timer
    expect(closedAfterMs).toBeLessThan(8000);
    const r = parse(text);
    expect(r.status).toBe(408);
    expect(r.body).toMatchObject({ code: 'request_timeout' });
  });

  it('a 64 KB request with 32,000 bad items gets a bounded error body: 20 errors and a count of the rest', async () => {
    const body = JSON.stringify({ drugs: ['warfarin', 'aspirin'], options: { include: new Array(32_000).fill(0) } });
    expect(body.length).toBeLessThan(65_536);
    const res = await fetch(`${api.url}/v1/interactions/check`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text.length).toBeLessThan(8 * 1024);
    const problem = JSON.parse(text);
    expect(problem).toMatchObject({ code: 'validation_failed', errorsOmitted: 32_000 - 20 });
    expect(problem.errors).toHaveLength(20);
    expect(problem.detail).toMatch(/\(and 31995 more\)$/);
  });

  it('never logs a key, whatever header or query parameter carries it; 4xx lines carry the error code', async () => {
    const secret = generateApiKey('vigil');
    const headers = { 'api-key': secret, apikey: secret, 'x-api-token': secret, 'proxy-authorization': `Basic ${secret}`, 'x-request-id': 'rid-leak' };
    await (await fetch(`${api.url}/v1/key?api_key=${secret}&key=${key}`, { headers })).arrayBuffer();
    await (await fetch(`${api.url}/v1/key`, { headers: { 'x-api-key': secret, 'x-request-id': 'rid-leak2' } })).arrayBuffer();
    const text = api.logs.text();
    expect(text).not.toContain(secret);
    expect(text).not.toContain(secret.slice(6));
    expect(text).not.toContain(key);
    const lines = api.logs.entries().filter((e) => e.requestId === 'rid-leak' || e.requestId === 'rid-leak2');
    expect(lines.map((e) => e.code).sort()).toEqual(['api_key_invalid', 'api_key_missing']);
    const req = lines[0].req as { headers: Record<string, unknown> };
    expect(Object.keys(req.headers).sort()).toEqual(expect.arrayContaining(['host']));
    expect(req.headers).not.toHaveProperty('api-key');
  });

  it('health probes are logged at debug, not info; Nest route mapping is not at info', async () => {
    expect((await fetch(`${api.url}/healthz`, { headers: { 'x-request-id': 'rid-health' } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.logs.entries().filter((e) => e.requestId === 'rid-health')).toEqual([]);
    const info = api.logs.entries().filter((e) => (e.level as number) >= 30);
    expect(info.some((e) => e.context === 'RouterExplorer' || e.context === 'RoutesResolver')).toBe(false);
  });
});
