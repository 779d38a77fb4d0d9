import type { IncomingMessage } from 'node:http';
import type { DestinationStream, LoggerOptions } from 'pino';

/** Everything that may hold a secret. Keys, passwords and session tokens never reach a log line. */
export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'req.body.password',
  'req.body.newPassword',
  'req.body.currentPassword',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.key',
  '*.apiKey',
  '*.token',
  '*.sessionId',
];

export interface LoggerOptionsInput {
  service: string;
  level: string;
  /** Test hook: where log lines go (default stdout). */
  stream?: DestinationStream;
}

/** pino options: JSON lines, `requestId` on every request line, secrets redacted. */
export function pinoOptions(input: LoggerOptionsInput): LoggerOptions {
  return {
    level: input.level,
    base: { service: input.service },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: IncomingMessage & { raw?: IncomingMessage; ip?: string }) => {
        const raw = req.raw ?? req;
        return { method: raw.method, url: raw.url, headers: { ...raw.headers }, remoteAddress: req.ip ?? raw.socket?.remoteAddress };
      },
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: (err: Error & { code?: string }) => ({ type: err.name, message: err.message, code: err.code, stack: err.stack }),
    },
  };
}
