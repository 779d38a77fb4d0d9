/** A rate limit: at most `limit` calls per `windowSeconds`. */
export interface RateLimitSetting {
  limit: number;
  windowSeconds: number;
}

/**
 * Whether a key's own rate limit stays within its plan's: neither a higher rate (calls per second) nor a larger
 * burst (calls in one window). 10/1 s on a 600/60 s plan is within it (same rate, smaller burst); 1,200/120 s is not
 * (same rate, twice the burst); 1,000,000/1 s is not.
 */
export function withinPlan(key: RateLimitSetting, plan: RateLimitSetting): boolean {
  return key.limit * plan.windowSeconds <= plan.limit * key.windowSeconds && key.limit <= plan.limit;
}
