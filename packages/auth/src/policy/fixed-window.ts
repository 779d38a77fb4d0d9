/** Result of one rate-limit decision. A denied call is not counted. */
export interface WindowDecision {
  allowed: boolean;
  /** Calls counted in the current window, this one included when allowed. */
  used: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/**
 * Fixed-window counter, O(1) per call: windows are aligned to multiples of the window length.
 * Only admitted calls are counted, so a rejected call never consumes quota.
 */
export function fixedWindowDecide(count: number, windowStart: number, now: number, limit: number, windowMs: number): WindowDecision & { count: number; windowStart: number } {
  const start = now - (now % windowMs);
  const current = windowStart === start ? count : 0;
  const resetMs = start + windowMs - now;
  if (current >= limit) return { allowed: false, used: current, resetMs, count: current, windowStart: start };
  return { allowed: true, used: current + 1, resetMs, count: current + 1, windowStart: start };
}
