/** One field-level validation error; `pointer` is an RFC 6901 JSON pointer into the request body. */
export interface ProblemFieldError {
  pointer: string;
  code: string;
  message: string;
}

/** RFC 9457 problem document returned by every Vigil HTTP API on error (`application/problem+json`). */
export interface ProblemResponse {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  requestId: string;
  /** At most 20 field errors; when there were more, how many were left out. */
  errors?: ProblemFieldError[];
  errorsOmitted?: number;
  [extension: string]: unknown;
}
