import type { LookupAddress } from 'node:dns';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookSender } from './webhook-sender';

/**
 * The sender against a real HTTP server on loopback. Name resolution is the one part replaced: a public DNS name
 * that resolves to a private address cannot be relied on in a test, so `resolve` answers for `hooks.example.test`.
 */
describe('WebhookSender', () => {
  let server: Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/silent') return; // never answers
      if (req.url === '/big') {
        res.writeHead(200);
        res.end(Buffer.alloc(1024 * 1024, 'x'));
        return;
      }
      res.writeHead(req.url === '/fail' ? 503 : 204);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const resolvesTo =
    (address: string, family = 4) =>
    (_host: string, cb: (err: NodeJS.ErrnoException | null, list: LookupAddress[]) => void) =>
      cb(null, [{ address, family }]);
  const sender = (allowPrivate: boolean, resolveTo = '127.0.0.1', timeoutMs = 5_000) =>
    new WebhookSender({ allowPrivate, timeoutMs, maxResponseBytes: 1024, resolve: resolvesTo(resolveTo) });

  it.each([
    ['a name resolving to loopback, private targets allowed', true, 'http', '127.0.0.1', '/ok', 204, null],
    ['the receiver answers 503', true, 'http', '127.0.0.1', '/fail', 503, null],
    [
      'a name resolving to loopback, private targets refused (the default)',
      false,
      'https',
      '127.0.0.1',
      '/refused-1',
      null,
      'target refused: hooks.example.test resolves to a loopback address',
    ],
    [
      'a name resolving to a metadata address, private targets allowed',
      true,
      'http',
      '169.254.169.254',
      '/refused-2',
      null,
      'target refused: hooks.example.test resolves to a metadata address',
    ],
    ['a name resolving to a private address', false, 'https', '10.0.0.7', '/refused-3', null, 'target refused: hooks.example.test resolves to a private address'],
  ])('%s', async (_what, allowPrivate, scheme, address, path, status, error) => {
    const r = await sender(allowPrivate, address).post(`${scheme}://hooks.example.test:${port}${path}`, { 'webhook-id': 'msg_1' }, '{}');
    expect({ statusCode: r.statusCode, error: r.error }).toEqual({ statusCode: status, error });
  });

  it('never connects to a refused address', () => {
    expect(hits.filter((h) => h.startsWith('/refused'))).toEqual([]);
  });

  it.each([
    ['a literal loopback IP, private targets refused', false, 'https://127.0.0.1:1/x', 'target refused: url points to a loopback address'],
    ['plain http, private targets refused', false, 'http://hooks.example.test/x', 'target refused: url must use https'],
    ['plain http to a public literal IP, private targets allowed', true, 'http://93.184.215.14/x', 'target refused: plain http only to private or loopback addresses'],
  ])('refuses %s before connecting', async (_what, allowPrivate, url, error) => {
    expect(await sender(allowPrivate).post(url, {}, '{}')).toMatchObject({ statusCode: null, error });
  });

  it('refuses plain http to a name resolving to a public address (https is required there)', async () => {
    const r = await sender(true, '93.184.215.14').post(`http://hooks.example.test:${port}/x`, {}, '{}');
    expect(r).toMatchObject({ statusCode: null, error: expect.stringContaining('target refused') });
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const r = await sender(true, '127.0.0.1', 300).post(`http://hooks.example.test:${port}/silent`, {}, '{}');
    expect(r).toMatchObject({ statusCode: null, error: 'no answer within 300 ms' });
  });

  it('stops reading a large answer and still reports its status', async () => {
    expect(await sender(true).post(`http://hooks.example.test:${port}/big`, {}, '{}')).toMatchObject({ statusCode: 200, error: null });
  });
});
