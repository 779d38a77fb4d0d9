import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUBLIC_ROUTES } from '@vigil/contracts';
import { VigilClient } from './vigil.client';
import { VigilProblemError } from './vigil-problem.error';
import { VigilTransportError } from './vigil-transport.error';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A real HTTP server on a random port whose answers each test scripts. */
async function serve(
  handler: Handler,
): Promise<{ url: string; seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[]; close(): Promise<void> }> {
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

const problem = (res: ServerResponse, status: number, code: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/problem+json', ...headers });
  res.end(JSON.stringify({ type: `https://vigil.dev/problems/${code}`, title: code, status, detail: `because ${code}`, code, requestId: 'req-1' }));
};

describe('VigilClient', () => {
  it('calls every public route at the path and method the contracts document, with the key in x-api-key', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    const c = new VigilClient({ baseUrl: `${s.url}/`, apiKey: 'vigil_test_key' });
    await c.interactions.check({ drugs: ['warfarin', 'aspirin'] });
    await c.interactions.checkBatch({ lists: [{ id: 'p1', drugs: ['warfarin'] }] });
    await c.drugs.search('war fa', { limit: 3 });
    await c.drugs.get('warfarin');
    await c.kb.get();
    await c.cds.call('vigil-order-sign', { hook: 'order-sign', hookInstance: 'h1', context: { patientId: 'p1', draftOrders: { resourceType: 'Bundle', entry: [] } } });
    await c.cds.feedback('vigil-order-sign', { feedback: [{ card: 'c1', outcome: 'accepted', outcomeTimestamp: '2026-11-25T10:00:00Z' }] });
    await c.fhir.checkInteractions({ resourceType: 'Bundle', entry: [] });
    await c.key.describe();
    await s.close();
    const called = s.seen.map(
      (r) => `${r.method} ${r.url.split('?')[0].replace('/v1/drugs/warfarin', '/v1/drugs/:id').replace('/cds-services/vigil-order-sign', '/cds-services/:id')}`,
    );
    expect(called).toEqual(PUBLIC_ROUTES.map((r) => `${r.method} ${r.path}`));
    expect(s.seen.every((r) => r.headers['x-api-key'] === 'vigil_test_key')).toBe(true);
    expect(s.seen[2].url).toBe('/v1/drugs/search?q=war+fa&limit=3');
    expect(JSON.parse(s.seen[1].body)).toEqual({ lists: [{ id: 'p1', drugs: ['warfarin'] }] });
    expect(JSON.parse(s.seen[0].body)).toEqual({ drugs: ['warfarin', 'aspirin'] });
    expect(s.seen[0].headers['content-type']).toBe('application/json');
    const fhir = s.seen.find((r) => r.url === '/fhir/r4/$check-interactions')!;
    expect([fhir.headers['content-type'], fhir.headers.accept]).toEqual(['application/fhir+json', 'application/fhir+json']);
  });

  it('reads an OperationOutcome error of the FHIR API as a VigilProblemError with its code', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(403, { 'content-type': 'application/fhir+json; charset=utf-8', 'x-request-id': 'req-9' });
      res.end(
        JSON.stringify({
          resourceType: 'OperationOutcome',
          issue: [
            {
              severity: 'error',
              code: 'forbidden',
              details: { coding: [{ system: 'https://vigil.dev/problems/', code: 'insufficient_scope', display: 'Insufficient scope' }], text: 'needs interactions:check' },
            },
          ],
        }),
      );
    });
    const err = await new VigilClient({ baseUrl: s.url, apiKey: 'k' }).fhir.checkInteractions({ resourceType: 'Bundle' }).catch((e: unknown) => e);
    await s.close();
    expect(err).toBeInstanceOf(VigilProblemError);
    expect(err).toMatchObject({ status: 403, code: 'insufficient_scope', requestId: 'req-9' });
  });

  it('throws a VigilProblemError carrying the problem code, status and request id', async () => {
    const s = await serve((_req, res) => problem(res, 401, 'api_key_revoked'));
    const err = await new VigilClient({ baseUrl: s.url, apiKey: 'k' }).kb.get().catch((e: unknown) => e);
    await s.close();
    expect(err).toBeInstanceOf(VigilProblemError);
    expect(err).toMatchObject({ status: 401, code: 'api_key_revoked', requestId: 'req-1' });
    expect(s.seen).toHaveLength(1);
  });

  it('retries a 429 or 503 after its Retry-After, at most maxRetries times', async () => {
    let n = 0;
    const s = await serve((_req, res) =>
      ++n <= 2 ? problem(res, n === 1 ? 429 : 503, n === 1 ? 'rate_limited' : 'service_unavailable', { 'retry-after': '0' }) : res.end('{"ok":true}'),
    );
    const result = await new VigilClient({ baseUrl: s.url, apiKey: 'k', maxRetries: 2 }).kb.get();
    expect(result).toEqual({ ok: true });
    const s2 = await serve((_req, res) => problem(res, 429, 'rate_limited', { 'retry-after': '0' }));
    const err = await new VigilClient({ baseUrl: s2.url, apiKey: 'k', maxRetries: 1 }).kb.get().catch((e: unknown) => e);
    await Promise.all([s.close(), s2.close()]);
    expect(s.seen).toHaveLength(3);
    expect(err).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 0 });
    expect(s2.seen).toHaveLength(2);
  });

  it('does not wait out a Retry-After beyond maxRetryDelayMs (a monthly quota), nor retry without one', async () => {
    const s = await serve((req, res) => (req.url === '/v1/kb' ? problem(res, 429, 'quota_exceeded', { 'retry-after': '86400' }) : problem(res, 503, 'service_unavailable')));
    const c = new VigilClient({ baseUrl: s.url, apiKey: 'k' });
    const t0 = Date.now();
    const quota = await c.kb.get().catch((e: unknown) => e);
    const unavailable = await c.key.describe().catch((e: unknown) => e);
    await s.close();
    expect(quota).toMatchObject({ code: 'quota_exceeded', retryAfterSeconds: 86400 });
    expect(unavailable).toMatchObject({ code: 'service_unavailable', retryAfterSeconds: undefined });
    expect(s.seen).toHaveLength(2);
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('times out an attempt with a VigilTransportError of kind timeout', async () => {
    const s = await serve(() => undefined);
    const err = await new VigilClient({ baseUrl: s.url, apiKey: 'k', timeoutMs: 200 }).kb.get().catch((e: unknown) => e);
    s.seen.length = 0;
    await s.close();
    expect(err).toBeInstanceOf(VigilTransportError);
    expect((err as VigilTransportError).kind).toBe('timeout');
  });

  it('reports an answer that is not the API’s (a proxy error page) as invalid_response with its status', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    const err = await new VigilClient({ baseUrl: s.url, apiKey: 'k' }).kb.get().catch((e: unknown) => e);
    await s.close();
    expect(err).toMatchObject({ kind: 'invalid_response', status: 502 });
  });

  it('refuses to start without a base URL or a key', () => {
    expect(() => new VigilClient({ baseUrl: '', apiKey: 'k' })).toThrow(/baseUrl/);
    expect(() => new VigilClient({ baseUrl: 'http://x', apiKey: '' })).toThrow(/apiKey/);
  });
});
