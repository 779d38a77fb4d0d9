/** Shares of the monthly quota a `quota.threshold` event announces, in percent. */
export const QUOTA_THRESHOLDS = [80, 100] as const;

/** The thresholds `calls` has reached of `monthlyQuota` (integer arithmetic: exactly 80 % counts). */
export function quotaThresholdsReached(calls: number, monthlyQuota: number): number[] {
  if (monthlyQuota <= 0) return [];
  return QUOTA_THRESHOLDS.filter((t) => calls * 100 >= monthlyQuota * t);
}
