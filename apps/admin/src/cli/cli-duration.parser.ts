const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/**
 * A CLI duration in whole seconds: `0`, `90s`, `30m`, `24h`, `7d` (a bare number is seconds). Null when it is not one;
 * the range is the request schema's to check.
 */
export function parseDurationSeconds(text: string): number | null {
  const m = /^(\d{1,7})([smhd]?)$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * UNIT_SECONDS[(m[2] || 's') as keyof typeof UNIT_SECONDS];
}
