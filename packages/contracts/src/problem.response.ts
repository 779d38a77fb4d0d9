import { z } from 'zod';
import { ErrorCodes } from './error-codes';

/** One field-level validation error; `pointer` is an RFC 6901 JSON pointer into the request body. */
export const ProblemFieldErrorSchema = z
  .object({
    pointer: z.string().describe('RFC 6901 JSON pointer into the request body (query parameters: `/name`)'),
    code: z.string().describe('Kind of error, e.g. `type`, `enum`, `min_items`, `unknown_field`, `one_identifier`'),
    message: z.string().describe('Explanation in words'),
  })
  .meta({ id: 'ProblemFieldError', description: 'One field error of a `validation_failed` problem.' });

export type ProblemFieldError = z.infer<typeof ProblemFieldErrorSchema>;

const ALL_CODES = [...new Set(Object.values(ErrorCodes).map((e) => e.code))] as [string, ...string[]];

/** RFC 9457 problem document returned by every Vigil HTTP API on error (`application/problem+json`). */
export const ProblemSchema = z
  .looseObject({
    type: z.string().describe('URI identifying the problem type'),
    title: z.string().describe('Short summary of the problem type'),
    status: z.int().min(400).max(599).describe('HTTP status'),
    detail: z.string().describe('What went wrong with this request, in words'),
    code: z.enum(ALL_CODES).describe('Stable machine-readable code; never renamed'),
    requestId: z.string().describe('Request id, also in the `x-request-id` header; quote it in support requests'),
    errors: z.array(ProblemFieldErrorSchema).max(20).optional().describe('Field errors (`validation_failed` only), at most 20'),
    errorsOmitted: z.int().min(1).optional().describe('How many field errors were left out beyond the first 20'),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem document. `code` is stable; branch on it, not on `title` or `detail`.' });

export type ProblemResponse = z.infer<typeof ProblemSchema>;
