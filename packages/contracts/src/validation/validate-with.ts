import type { z } from 'zod';
import type { ProblemFieldError } from '../problem.response';

export type ValidationResult<T> = { success: true; data: T } | { success: false; errors: ProblemFieldError[] };

type Issue = z.core.$ZodIssue;

/** RFC 6901 pointer of a zod issue path. */
function pointer(path: readonly PropertyKey[]): string {
  return path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The stable `code` of a field error: short words clients can branch on, the same in both apps. */
function codeOf(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return 'type';
    case 'too_small':
      return issue.origin === 'array' ? 'min_items' : issue.origin === 'string' ? 'empty' : 'range';
    case 'too_big':
      return issue.origin === 'array' ? 'max_items' : issue.origin === 'string' ? 'max_length' : 'range';
    case 'invalid_value':
      return 'enum';
    case 'invalid_format':
      return 'format';
    case 'custom':
      return typeof issue.params?.code === 'string' ? issue.params.code : 'invalid';
    default:
      return issue.code;
  }
}

/**
 * Flattens zod issues into problem+json field errors. Unknown keys give one `unknown_field` per key (`unknown_option`
 * under `/options`). A union reports the issues of the branch that matches the input's JSON type, so a string entry
 * is told about string rules and an object entry about object rules; no branch matches → one `type` error.
 */
export function fieldErrors(issues: readonly Issue[], base: readonly PropertyKey[] = []): ProblemFieldError[] {
  const out: ProblemFieldError[] = [];
  for (const issue of issues) {
    const path = [...base, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      const option = path.length === 1 && path[0] === 'options';
      for (const k of issue.keys)
        out.push({ pointer: pointer([...path, k]), code: option ? 'unknown_option' : 'unknown_field', message: `unknown ${option ? 'option' : 'field'} "${k}"` });
    } else if (issue.code === 'invalid_union') {
      const branches = issue.errors.filter((b) => !b.some((i) => i.code === 'invalid_type' && i.path.length === 0));
      if (branches.length === 1) out.push(...fieldErrors(branches[0], path));
      else out.push({ pointer: pointer(path), code: 'type', message: issue.message });
    } else {
      out.push({ pointer: pointer(path), code: codeOf(issue), message: issue.message });
    }
  }
  return out;
}

/** Parses `input` with `schema`: the typed value, or every problem as a field error with its JSON pointer. */
export function validateWith<S extends z.ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const r = schema.safeParse(input);
  return r.success ? { success: true, data: r.data } : { success: false, errors: fieldErrors(r.error.issues) };
}
