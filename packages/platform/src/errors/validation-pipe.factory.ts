import { ValidationPipe, type ValidationError } from '@nestjs/common';
import type { ProblemFieldError } from '@vigil/contracts';
import { validationFailed } from './validation-failed';

/** Flattens class-validator errors into RFC 6901 pointers. */
export function fieldErrors(errors: ValidationError[], base = ''): ProblemFieldError[] {
  const out: ProblemFieldError[] = [];
  for (const e of errors) {
    const pointer = `${base}/${e.property}`;
    for (const [code, message] of Object.entries(e.constraints ?? {})) {
      out.push({ pointer, code: code === 'whitelistValidation' ? 'unknown_field' : code, message: code === 'whitelistValidation' ? `unknown field "${e.property}"` : message });
    }
    if (e.children?.length) out.push(...fieldErrors(e.children, pointer));
  }
  return out;
}

/** Strict validation: unknown fields are errors, answers are problem+json `validation_failed` with pointers. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => validationFailed(fieldErrors(errors)),
  });
}
