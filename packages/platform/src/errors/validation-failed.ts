import { ProblemException } from '@vigil/auth';
import { type ProblemFieldError, validateWith } from '@vigil/contracts';
import type { z } from 'zod';
import { validationDetail } from './problem-body';

/** The one `validation_failed` problem: the field errors, and the first few of them in words as the detail. */
export function validationFailed(errors: ProblemFieldError[]): ProblemException {
  return new ProblemException('ValidationFailed', { detail: validationDetail(errors), errors });
}

/** Parses `input` with a contract schema: the typed value, or a `validation_failed` problem with every pointer. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = validateWith(schema, input);
  if (!parsed.success) throw validationFailed(parsed.errors);
  return parsed.data;
}
