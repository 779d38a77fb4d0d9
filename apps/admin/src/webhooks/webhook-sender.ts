import { type LookupAddress, type LookupOptions, lookup as dnsLookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { addressAllowed, classifyAddress, urlRefusal } from './webhook-target.policy';

/** The answer to one delivery: `statusCode` null = none (refused target, unreachable, timed out). */
export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface SenderOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Read at most this much of a response before closing it (its content is not kept). */
  maxResponseBytes: number;
  /** Name resolution (default: the system's, `dns.lookup`); every address it returns passes the SSRF policy first. */
  resolve?: (hostname: string, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;
}

const systemResolve = (hostname: string, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) =>
  dnsLookup(hostname, { all: true }, (err, addresses) => callback(err, addresses ?? []));

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Posts one signed delivery. The SSRF policy is applied to the addresses the name resolves to at delivery time, inside
 * the socket's own DNS lookup (so the address checked is the address connected to: no rebinding between check and
 * connect); a literal IP is checked before connecting. No redirects are followed, the whole exchange is bounded by
 * `timeoutMs`, and at most `maxResponseBytes` of the answer is read.
 */
export class WebhookSender {
  constructor(private readonly options: SenderOptions) {}

  async post(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const started = process.hrtime.bigint();
    const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
    const refusal = urlRefusal(url, this.options.allowPrivate);
    if (refusal) return { statusCode: null, durationMs: elapsed(), error: `target refused: url ${refusal}` };
    const u = new URL(url);
    const requirePrivate = u.protocol === 'http:';
    const host = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
    if (requirePrivate && isIP(host) !== 0 && classifyAddress(host) === 'public') {
      return { statusCode: null, durationMs: elapsed(), error: 'target refused: plain http only to private or loopback addresses' };
    }
    const lookup = this.guardedLookup(requirePrivate);
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const finish = (r: Omit<SendResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...r, durationMs: elapsed() });
      };
      const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        u,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Vigil-Webhooks/1' },
          lookup,
          agent: false,
        },
        (res) => {
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > this.options.maxResponseBytes) res.destroy();
          });
          const done = () => finish({ statusCode: res.statusCode ?? null, error: null });
          res.on('end', done);
          res.on('close', done);
          res.on('error', done);
        },
      );
      const timer = setTimeout(() => {
        req.destroy(new Error(`no answer within ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
      req.on('error', (error: Error) => finish({ statusCode: null, error: error.message.slice(0, 500) }));
      req.end(body);
    });
  }

  private guardedLookup(requirePrivate: boolean) {
    const allowPrivate = this.options.allowPrivate;
    const resolve = this.options.resolve ?? systemResolve;
    return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
      resolve(hostname, (err, addresses) => {
        if (err) return callback(err, []);
        const wanted = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
        const list = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        for (const a of list) {
          const cls = classifyAddress(a.address);
          if (!addressAllowed(cls, allowPrivate) || (requirePrivate && cls === 'public')) {
            const refused = new Error(`target refused: ${hostname} resolves to a ${cls} address`) as NodeJS.ErrnoException;
            refused.code = 'EWEBHOOKTARGET';
            return callback(refused, []);
          }
        }
        if (list.length === 0) return callback(Object.assign(new Error(`${hostname} did not resolve`), { code: 'ENOTFOUND' }), []);
        if (options.all) return callback(null, list);
        callback(null, list[0].address, list[0].family);
      });
    };
  }

  /** Checks the addresses a URL's host resolves to now (at registration): the reason for refusal, or null. */
  static async resolveRefusal(url: string, allowPrivate: boolean): Promise<string | null> {
    const refusal = urlRefusal(url, allowPrivate);
    if (refusal) return refusal;
    const u = new URL(url);
    const host = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
    if (isIP(host) !== 0) return null;
    const addresses = await new Promise<LookupAddress[] | null>((resolve) => dnsLookup(host, { all: true }, (err, list) => resolve(err ? null : list)));
    // A name that does not resolve yet is accepted (DNS may follow); each delivery checks again.
    if (!addresses) return null;
    for (const a of addresses) {
      const cls = classifyAddress(a.address);
      if (!addressAllowed(cls, allowPrivate)) return `resolves to a ${cls} address`;
      if (u.protocol === 'http:' && cls === 'public') return 'must use https (plain http only to private or loopback addresses)';
    }
    return null;
  }
}
