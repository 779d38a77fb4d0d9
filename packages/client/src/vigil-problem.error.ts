import type { ProblemResponse } from '@vigil/contracts';

/** An error answer of the API (RFC 9457 problem document): branch on `code`, never on the message. */
export class VigilProblemError extends Error {
  readonly status: number;
  /** Stable machine-readable code, e.g. `validation_failed`, `rate_limited`, `api_key_revoked`. */
  readonly code: string;
  readonly requestId: string | undefined;
  /** Seconds the server asked to wait (429, 503), when it said. */
  readonly retryAfterSeconds: number | undefined;
  readonly problem: ProblemResponse;

  constructor(problem: ProblemResponse, retryAfterSeconds?: number) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
    this.name = 'VigilProblemError';
    this.status = problem.status;
    this.code = problem.code;
    this.requestId = problem.requestId;
    this.retryAfterSeconds = retryAfterSeconds;
    this.problem = problem;
  }
}
