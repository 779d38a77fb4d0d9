import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import type { ProblemFieldError } from '@vigil/contracts';
import { ProblemException } from '@vigil/auth';

const MAX_DEPTH = 32;

/** RFC 6901 pointers of every string in `value` that contains a NUL character (PostgreSQL text cannot hold one). */
export function nulPointers(value: unknown, base = '', depth = 0, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(base || '/');
  } else if (value && typeof value === 'object' && depth < MAX_DEPTH) {
    for (const [k, v] of Object.entries(value)) {
      nulPointers(v, `${base}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1, out);
      if (out.length >= 20) break;
    }
  }
  return out;
}

/**
 * Refuses NUL characters anywhere in a body, query or route parameter with 400 `validation_failed` (they would
 * otherwise reach PostgreSQL and come back as a 500).
 */
export class RejectNulPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    const pointers = nulPointers(value);
    if (pointers.length === 0) return value;
    const prefix = metadata.type === 'body' ? '' : `/${metadata.type}`;
    const errors: ProblemFieldError[] = pointers.map((p) => ({
      pointer: prefix + (p === '/' ? '' : p) || '/',
      code: 'nul_character',
      message: 'must not contain NUL characters',
    }));
    throw new ProblemException('ValidationFailed', { detail: `${errors[0].pointer}: must not contain NUL characters`, errors });
  }
}
