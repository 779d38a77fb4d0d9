/** Requests on one UTC day (or a range), by outcome. */
export interface UsageCounts {
  allowed: number;
  rateLimited: number;
  denied: number;
}

export interface UsageDay extends UsageCounts {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
}

export interface KeyUsage {
  id: string;
  label: string;
  hint: string;
  status: 'active' | 'revoked' | 'expired';
  totals: UsageCounts;
  /** One entry per day of the range, oldest first, zeros included. */
  daily: UsageDay[];
}

/** `GET /api/usage`. Only the caller's keys; month-to-date quota counts allowed requests. */
export interface UsageResponse {
  days: number;
  from: string;
  to: string;
  totals: UsageCounts;
  daily: UsageDay[];
  keys: KeyUsage[];
  month: { start: string; used: number; quota: number; remaining: number; plan: { id: string; name: string } };
}
