import { z } from 'zod';
import { isIpOrCidr } from '../keys/is-ip-or-cidr.validator';

/**
 * Field rules shared by the admin request schemas, with the same field-error codes as the public API
 * (`type`, `empty`, `max_length`, `format`, `enum`, `range`, `min_items`, `max_items`, `unique`).
 */

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** A non-empty string of at most `max` characters. */
export const text = (max: number, what = 'value') =>
  z
    .string({ error: `${what} must be a string` })
    .min(1, { error: `${what} must not be empty` })
    .max(max, { error: `${what} must be at most ${max} characters` });

/** An email address (at most 320 characters). */
export const emailAddress = () =>
  z
    .string({ error: 'email must be a string' })
    .max(320, { error: 'email must be at most 320 characters' })
    .pipe(z.email({ error: 'must be an email address' }));

/** An ISO 8601 date or date-time (`2027-01-31`, `2027-01-31T12:00:00Z`, with an offset or fractional seconds). */
export const isoTime = (what: string) =>
  z
    .string({ error: `${what} must be an ISO 8601 string` })
    .refine((v) => ISO_8601.test(v) && !Number.isNaN(Date.parse(v)), { error: `${what} must be an ISO 8601 date or time`, params: { code: 'format' } });

/** An integer query parameter (the query string carries text): `min`..`max`. */
export const queryInt = (what: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${what} must be an integer` })
    .int({ error: `${what} must be an integer` })
    .min(min, { error: `${what} must be at least ${min}` })
    .max(max, { error: `${what} must be at most ${max}` });

/** A list without repeated entries. */
export const uniqueList = <T extends z.ZodType>(item: T, what: string) =>
  z
    .array(item, { error: `${what} must be an array` })
    .refine((list) => new Set(list).size === list.length, { error: `${what} must not repeat an entry`, params: { code: 'unique' } });

/** An IP address or CIDR range; the error names the entry. */
export const ipOrCidr = () =>
  z
    .string({ error: 'must be a string' })
    .refine(isIpOrCidr, { error: (issue) => `"${String(issue.input)}" is not an IPv4/IPv6 address or CIDR range`, params: { code: 'format' } });
