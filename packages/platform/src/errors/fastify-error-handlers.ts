import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCodeKey } from '@vigil/contracts';
import { requestIdFor } from '../logging/request-id';
import { PROBLEM_CONTENT_TYPE, keyForStatus, problemBody } from './problem-body';

const FASTIFY_CODES: Record<string, { key: ErrorCodeKey; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { key: 'InvalidJson', detail: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { key: 'InvalidJson', detail: 'The request body is empty; send a JSON document.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { key: 'PayloadTooLarge', detail: 'The request body exceeds the size limit.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { key: 'UnsupportedMediaType', detail: 'Send the body as application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { key: 'ValidationFailed', detail: 'Content-Length does not match the body.' },
};

/**
 * Errors raised by Fastify before Nest sees the request (body parsing, size limits, media type)
 * get the same problem+json format as everything else.
 */
export function installFastifyErrorHandlers(fastify: FastifyInstance): void {
  fastify.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    const key = known?.key ?? (error instanceof SyntaxError ? 'InvalidJson' : keyForStatus(status));
    const requestId = requestIdFor(request.raw);
    if (!known && status >= 500) request.log?.error?.({ err: error, requestId }, 'unhandled error');
    const body = problemBody(key, requestId, known?.detail ?? (status >= 500 ? undefined : error.message));
    void reply.status(body.status).header('content-type', PROBLEM_CONTENT_TYPE).header('x-request-id', requestId).send(body);
  });
}
