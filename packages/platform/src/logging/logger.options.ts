import { RequestMethod } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { requestIdFor } from './request-id';

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

/** nestjs-pino options: JSON lines, request id on every request line, secrets redacted. */
export function loggerOptions(input: LoggerOptionsInput): Params {
  return {
    forRoutes: [{ path: '*', method: RequestMethod.ALL }],
    pinoHttp: [
      {
        level: input.level,
        base: { service: input.service },
        redact: { paths: REDACT_PATHS, censor: '[redacted]' },
        genReqId: (req: IncomingMessage) => requestIdFor(req),
        customAttributeKeys: { reqId: 'requestId' },
        // Every line logged while handling a request carries its id (and only the completion line the full req).
        quietReqLogger: true,
        // Query strings never carry keys (only the x-api-key header is read), but keep URLs short anyway.
        serializers: {
          req: (req: { id: string; method: string; url: string; headers: Record<string, unknown>; remoteAddress?: string }) => ({
            method: req.method,
            url: req.url,
            headers: req.headers,
            remoteAddress: req.remoteAddress,
          }),
          res: (res: ServerResponse & { statusCode: number; headers?: Record<string, unknown> }) => ({ statusCode: res.statusCode, headers: res.headers }),
        },
        customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) => (err || res.statusCode >= 500 ? 'error' : 'info'),
      },
      input.stream ?? process.stdout,
    ] as unknown as Params['pinoHttp'],
  };
}
