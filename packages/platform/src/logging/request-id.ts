import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const REQUEST_ID = Symbol.for('vigil.requestId');
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id for a raw request: the caller's `x-request-id` when it is a safe token, else a new UUID.
 * Memoised on the request so Fastify, the logger and error bodies all see the same value.
 */
export function requestIdFor(req: IncomingMessage): string {
  const holder = req as IncomingMessage & { [REQUEST_ID]?: string };
  let id = holder[REQUEST_ID];
  if (!id) {
    const incoming = req.headers['x-request-id'];
    id = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
    holder[REQUEST_ID] = id;
  }
  return id;
}
