import type { ErrorCodeKey } from '@vigil/contracts';
import { ErrorCodes } from '@vigil/contracts';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { PROBLEM_CONTENT_TYPE, problemBody } from '../errors/problem-body';

/** Node's HTTP parser and server errors (the `clientError` event), by code, as documented problems. */
const CLIENT_ERRORS: Record<string, { key: ErrorCodeKey; detail: string }> = {
  HPE_HEADER_OVERFLOW: { key: 'HeadersTooLarge', detail: 'The request headers exceed the size limit.' },
  ERR_HTTP_REQUEST_TIMEOUT: { key: 'RequestTimeout', detail: 'The request was not received in time; send it again in one go.' },
  ERR_HTTP_HEADERS_TIMEOUT: { key: 'RequestTimeout', detail: 'The request headers were not received in time.' },
};

/**
 * What a client gets when its request never reaches the router: the HTTP parser refused it (malformed request line,
 * headers too large) or it arrived too slowly. A complete problem+json response with its own request id, written on
 * the socket, which is then closed. Nothing of the request is echoed.
 */
export function clientErrorResponse(code: string | undefined): { status: number; head: string; body: string } {
  const known = code ? CLIENT_ERRORS[code] : undefined;
  const key = known?.key ?? 'MalformedRequest';
  const requestId = randomUUID();
  const body = JSON.stringify(problemBody(key, requestId, known?.detail ?? 'The HTTP request could not be parsed.'));
  const def = ErrorCodes[key];
  const head =
    `HTTP/1.1 ${def.status} ${def.title}\r\n` +
    `content-type: ${PROBLEM_CONTENT_TYPE}\r\n` +
    `content-length: ${Buffer.byteLength(body)}\r\n` +
    `x-request-id: ${requestId}\r\n` +
    'connection: close\r\n\r\n';
  return { status: def.status, head, body };
}

/** Fastify's `clientErrorHandler`: answers as above when the socket can still be written, else just closes it. */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const { head, body } = clientErrorResponse(error.code);
  socket.end(head + body);
}
