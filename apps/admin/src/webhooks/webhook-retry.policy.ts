/** Default retry schedule after a failed attempt (Svix's, shortened): then the delivery is marked failed. */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = '1m,5m,30m,2h,6h,12h,24h';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * Parses a retry schedule: comma-separated delays with a unit (`500ms`, `30s`, `5m`, `2h`, `1d`), one per retry, at
 * most 20, each at most 7 days. Throws with the reason on anything else.
 */
export function parseRetrySchedule(text: string): number[] {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length > 20) throw new Error('at most 20 retries');
  return parts.map((p) => {
    const m = /^(\d{1,9})(ms|s|m|h|d)$/.exec(p);
    if (!m) throw new Error(`"${p}" is not a delay such as 30s, 5m or 2h`);
    const ms = Number(m[1]) * UNIT_MS[m[2]];
    if (ms <= 0 || ms > 7 * UNIT_MS.d) throw new Error(`"${p}" must be more than 0 and at most 7 days`);
    return ms;
  });
}

/** What follows an attempt. */
export type RetryDecision = { kind: 'succeeded' } | { kind: 'retry'; delayMs: number } | { kind: 'failed' };

/**
 * After attempt number `attempt` (1 = the first send) answered `statusCode` (null = no answer: refused, timed out,
 * unreachable, refused target): 2xx succeeds; anything else is retried after `schedule[attempt - 1]` with ±10 % jitter
 * (`random` in [0, 1), so instances retrying one receiver spread out), until the schedule is used up, then it fails.
 * A 410 Gone also fails at once (the receiver says the endpoint is no more).
 */
export function decideRetry(attempt: number, statusCode: number | null, schedule: readonly number[], random: number): RetryDecision {
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { kind: 'succeeded' };
  if (statusCode === 410) return { kind: 'failed' };
  const base = schedule[attempt - 1];
  if (base === undefined) return { kind: 'failed' };
  const jitter = 1 + (random * 2 - 1) * 0.1;
  return { kind: 'retry', delayMs: Math.max(1, Math.round(base * jitter)) };
}
