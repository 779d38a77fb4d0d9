import { ErrorCodes, problemType, type ErrorCodeKey, type ProblemFieldError, type ProblemResponse } from '@vigil/contracts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export function problemBody(
  key: ErrorCodeKey,
  requestId: string,
  detail?: string,
  errors?: ProblemFieldError[],
  extensions: Record<string, unknown> = {},
): ProblemResponse {
  const def = ErrorCodes[key];
  return {
    type: problemType(def.code),
    title: def.title,
    status: def.status,
    detail: detail ?? def.title,
    code: def.code,
    requestId,
    ...(errors && errors.length ? { errors } : {}),
    ...extensions,
  };
}

/** Maps a bare HTTP status (from Nest or Fastify) to the closest documented code. */
export function keyForStatus(status: number): ErrorCodeKey {
  switch (status) {
    case 400: return 'ValidationFailed';
    case 401: return 'Unauthenticated';
    case 403: return 'Forbidden';
    case 404: return 'NotFound';
    case 405: return 'MethodNotAllowed';
    case 409: return 'Conflict';
    case 413: return 'PayloadTooLarge';
    case 415: return 'UnsupportedMediaType';
    case 429: return 'RateLimited';
    case 503: return 'ServiceUnavailable';
    default: return 'InternalError';
  }
}
