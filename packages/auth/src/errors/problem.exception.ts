import { HttpException } from '@nestjs/common';
import { ErrorCodes, type ErrorCodeKey, type ProblemFieldError } from '@vigil/contracts';

export interface ProblemInit {
  detail?: string;
  errors?: ProblemFieldError[];
  headers?: Record<string, string>;
  extensions?: Record<string, unknown>;
}

/** An error that renders as an RFC 9457 problem document with one of Vigil's stable codes. */
export class ProblemException extends HttpException {
  readonly code: string;
  readonly title: string;
  readonly detail: string;
  readonly errors?: ProblemFieldError[];
  readonly headers: Record<string, string>;
  readonly extensions: Record<string, unknown>;

  constructor(
    readonly key: ErrorCodeKey,
    init: ProblemInit = {},
  ) {
    const def = ErrorCodes[key];
    super(init.detail ?? def.title, def.status);
    this.code = def.code;
    this.title = def.title;
    this.detail = init.detail ?? def.title;
    this.errors = init.errors;
    this.headers = init.headers ?? {};
    this.extensions = init.extensions ?? {};
  }
}
