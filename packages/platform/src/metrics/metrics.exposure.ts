import { createHash, timingSafeEqual } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { VigilMetrics } from './vigil.metrics';

/** How `/metrics` is reachable: never publicly. A separate port, a bearer token on the app's port, or neither (off). */
export interface MetricsExposureOptions {
  /** Serve `/metrics` on its own port (bind it to a private interface or firewall it). */
  port?: number;
  host?: string;
  /** Serve `/metrics` on the app's own port to requests carrying `Authorization: Bearer <token>`. */
  token?: string;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether an Authorization header carries the metrics token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice(7).trim()), digest(token));
}

/** The separate metrics listener: `GET /metrics` only, nothing else. */
export async function startMetricsServer(metrics: VigilMetrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
