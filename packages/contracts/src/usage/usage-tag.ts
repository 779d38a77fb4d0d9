import { z } from 'zod';

/** The request header that attributes a call to a module of the caller's system (usage split by tag). */
export const USAGE_TAG_HEADER = 'x-vigil-tag';

/** Letters, digits and `. _ : -`, 1–64 characters, starting with a letter or digit; stored lower-cased. */
export const USAGE_TAG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** A key's default usage tag, for calls that send no `x-vigil-tag`: stored lower-cased; `null` clears it. */
export const UsageTagSchema = z
  .string()
  .regex(USAGE_TAG_PATTERN, { error: '1–64 letters, digits, ".", "_", ":" or "-", starting with a letter or digit' })
  .transform((v) => v.toLowerCase())
  .describe('Default usage tag for calls with this key that send no `x-vigil-tag` header (e.g. `pharmacy-module`)');
