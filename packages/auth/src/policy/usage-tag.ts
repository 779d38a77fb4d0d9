import { USAGE_TAG_HEADER, USAGE_TAG_PATTERN } from '@vigil/contracts';

/** Distinct tags one key may report per UTC day in one instance before more are counted under `(other)`. */
export const MAX_TAGS_PER_KEY_DAY = 100;

/**
 * The usage tag a request carries: absent (no header or an empty one), a tag (lower-cased), or an error message for a
 * malformed value (the caller answers 400).
 */
export function usageTagOf(headers: Record<string, string | string[] | undefined>): { tag?: string; error?: string } {
  const raw = headers[USAGE_TAG_HEADER];
  if (raw === undefined || raw === '') return {};
  if (typeof raw !== 'string') return { error: `send one ${USAGE_TAG_HEADER} header` };
  if (!USAGE_TAG_PATTERN.test(raw)) return { error: `${USAGE_TAG_HEADER} must be 1–64 letters, digits, ".", "_", ":" or "-", starting with a letter or digit` };
  return { tag: raw.toLowerCase() };
}
