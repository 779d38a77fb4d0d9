import type { ErrorCodeKey, ProblemResponse } from '@vigil/contracts';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestIdFor } from '../logging/request-id';
import { PROBLEM_CONTENT_TYPE, keyForStatus, problemBody } from './problem-body';
import { ProblemException } from '@vigil/auth';
import { rememberProblemCode } from './problem-code';
import { isDatabaseUnavailable } from './database-unavailable';

/** Errors Fastify raises before a handler runs (body parsing, limits, media type), by their FST_ code. */
const FASTIFY_ERRORS: Record<string, { key: ErrorCodeKey; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { key: 'InvalidJson', detail: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { key: 'InvalidJson', detail: 'The request body is empty; send a JSON document.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { key: 'PayloadTooLarge', detail: 'The request body exceeds the size limit.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { key: 'UnsupportedMediaType', detail: 'Send the body as application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { key: 'ValidationFailed', detail: 'Content-Length does not match the body.' },
};

/** An exception as the problem document Vigil answers with, and the headers that go with it. */
export interface DescribedProblem {
  body: ProblemResponse;
  headers: Record<string, string>;
}

/**
 * The problem document for any exception (ProblemException, Nest/Fastify HttpException, database outage, anything
 * else), logging 5xx with the request id. Shared by the problem+json filter and filters that render the same problem
 * in another format (the FHIR API's OperationOutcome).
 */
export function describeProblem(exception: unknown, req: FastifyRequest, logger: Logger): DescribedProblem {
  const requestId = requestIdFor(req.raw);
  let body: ProblemResponse;
  let headers: Record<string, string> = {};
  if (exception instanceof ProblemException) {
    body = problemBody(exception.key, requestId, exception.detail, exception.errors, exception.extensions);
    headers = exception.headers;
  } else if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const fastifyCode = (exception.cause as { code?: unknown } | undefined)?.code;
    const known = typeof fastifyCode === 'string' ? FASTIFY_ERRORS[fastifyCode] : undefined;
    if (known) {
      body = problemBody(known.key, requestId, known.detail);
    } else {
      const detail = status === 404 ? `No route for ${req.method} ${req.url.split('?')[0]}` : status >= 500 ? undefined : messageOf(exception);
      body = problemBody(keyForStatus(status), requestId, detail);
      body.status = status;
    }
  } else if (isDatabaseUnavailable(exception)) {
    // The database cannot answer: say so, and when to retry, instead of an opaque 500.
    logger.error({ err: exception, requestId }, 'database unavailable');
    body = problemBody('ServiceUnavailable', requestId, 'The database is unreachable; retry shortly.');
    headers = { 'retry-after': '5' };
  } else {
    logger.error({ err: exception, requestId }, 'unhandled error');
    body = problemBody('InternalError', requestId, 'An unexpected error occurred; quote the request id when reporting it.');
  }
  if (body.status >= 500 && !(exception instanceof ProblemException) && exception instanceof HttpException) {
    logger.error({ err: exception, requestId }, 'server error');
  }
  rememberProblemCode(req.raw, body.code);
  return { body, headers };
}

/** Renders every error as problem+json. Never a stack trace in a body; 5xx are logged with the request id. */
@Catch()
export class ProblemExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const { body, headers } = describeProblem(exception, req, this.logger);
    http
      .getResponse<FastifyReply>()
      .status(body.status)
      .headers({ ...headers, 'content-type': PROBLEM_CONTENT_TYPE, 'x-request-id': body.requestId })
      .send(body);
  }
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}
