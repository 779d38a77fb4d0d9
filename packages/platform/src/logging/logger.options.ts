import type { IncomingMessage } from 'node:http';
import type { DestinationStream, LoggerOptions } from 'pino';
import { loggedHeaders, loggedUrl, maskKeys } from './log-scrubber';

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
  /** `json` lines (default off a terminal) or `pretty` readable lines; `auto` = pretty when stdout is a TTY. */
  format?: 'json' | 'pretty' | 'auto';
  /** Test hook: where log lines go (default stdout). */
  stream?: DestinationStream;
}

/**
 * pino options: JSON lines, `requestId` on every request line, secrets kept out three ways: only allow-listed request
 * headers are logged, secret-looking query values are replaced, and anything shaped like an API key is masked in
 * every finished line.
 */
export function pinoOptions(input: LoggerOptionsInput): LoggerOptions {
  return {
    level: input.level,
    base: { service: input.service },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    hooks: { streamWrite: maskKeys },
    serializers: {
      req: (req: IncomingMessage & { raw?: IncomingMessage; ip?: string }) => {
        const raw = req.raw ?? req;
        return { method: raw.method, url: loggedUrl(raw.url), headers: loggedHeaders(raw.headers), remoteAddress: req.ip ?? raw.socket?.remoteAddress };
      },
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: (err: Error & { code?: string }) => ({ type: err.name, message: err.message, code: err.code, stack: err.stack }),
    },
  };
}
