import { ErrorCodes, problemType, type ErrorCodeKey, type ProblemFieldError, type ProblemResponse } from '@vigil/contracts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** At most this many field errors in a body; the rest are counted in `errorsOmitted`. */
export const MAX_PROBLEM_ERRORS = 20;
/** `detail` and each error's `message`/`pointer` are cut to these lengths (an error body stays a few KB). */
export const MAX_DETAIL_LENGTH = 1000;
const MAX_FIELD_LENGTH = 200;

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A problem document. Bounded whatever the input: a request with thousands of bad items gets the first
 * {@link MAX_PROBLEM_ERRORS} errors and a count of the rest, never a body larger than the request.
 */
export function problemBody(key: ErrorCodeKey, requestId: string, detail?: string, errors?: ProblemFieldError[], extensions: Record<string, unknown> = {}): ProblemResponse {
  const def = ErrorCodes[key];
  const body: ProblemResponse = {
    type: problemType(def.code),
    title: def.title,
    status: def.status,
    detail: cut(detail ?? def.title, MAX_DETAIL_LENGTH),
    code: def.code,
    requestId,
  };
  if (errors && errors.length) {
    body.errors = errors.slice(0, MAX_PROBLEM_ERRORS).map((e) => ({ ...e, pointer: cut(e.pointer, MAX_FIELD_LENGTH), message: cut(e.message, MAX_FIELD_LENGTH) }));
    if (errors.length > MAX_PROBLEM_ERRORS) body.errorsOmitted = errors.length - MAX_PROBLEM_ERRORS;
  }
  return Object.assign(body, extensions);
}

/** Maps a bare HTTP status (from Nest or Fastify) to the closest documented code. */
export function keyForStatus(status: number): ErrorCodeKey {
  switch (status) {
    case 400:
      return 'ValidationFailed';
    case 401:
      return 'Unauthenticated';
    case 403:
      return 'Forbidden';
    case 404:
      return 'NotFound';
    case 405:
      return 'MethodNotAllowed';
    case 409:
      return 'Conflict';
    case 413:
      return 'PayloadTooLarge';
    case 415:
      return 'UnsupportedMediaType';
    case 429:
      return 'RateLimited';
    case 503:
      return 'ServiceUnavailable';
    default:
      return 'InternalError';
  }
}

/** The `detail` of a validation error: the first few field errors in words, and how many more there are. */
export function validationDetail(errors: readonly ProblemFieldError[], shown = 5): string {
  const head = errors
    .slice(0, shown)
    .map((e) => `${e.pointer || '/'}: ${e.message}`)
    .join('; ');
  return errors.length > shown ? `${head} (and ${errors.length - shown} more)` : head || 'Invalid request.';
}
