/** The UTC calendar month a moment falls in: quotas count per account and month, and reset at its end. */
export interface QuotaMonth {
  /** First instant of the month (UTC), epoch ms. */
  start: number;
  /** First instant of the next month (UTC), epoch ms: when the quota resets. */
  resetAt: number;
  /** `YYYY-MM-01`, the month's first day as stored in `api_key_usage.day`. */
  firstDay: string;
}

export function quotaMonth(now: number): QuotaMonth {
  const d = new Date(now);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const resetAt = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return { start, resetAt, firstDay: new Date(start).toISOString().slice(0, 10) };
}

/** What the quota says about one more call. */
export interface QuotaDecision {
  allowed: boolean;
  /** Calls left this month before this one (never negative). */
  remaining: number;
  /** Whole seconds until the quota resets (at least 1). */
  resetSeconds: number;
}

/** A call is admitted while fewer than `quota` calls were counted this month. */
export function quotaDecide(used: number, quota: number, now: number, month: QuotaMonth = quotaMonth(now)): QuotaDecision {
  const remaining = Math.max(0, quota - used);
  return { allowed: remaining > 0, remaining, resetSeconds: Math.max(1, Math.ceil((month.resetAt - now) / 1000)) };
}
