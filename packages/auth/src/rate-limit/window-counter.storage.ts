import type { ThrottlerStorage } from '@nestjs/throttler';
import { fixedWindowDecide } from '../policy/fixed-window';

interface Window {
  count: number;
  windowStart: number;
}

/**
 * In-memory rate-limit storage for `@nestjs/throttler`: one fixed-window counter per key, O(1) per request
 * (the stock storage keeps and scans every hit timestamp). Denied calls are not counted.
 */
export class WindowCounterStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async increment(key: string, ttl: number, limit: number): Promise<{ totalHits: number; timeToExpire: number; isBlocked: boolean; timeToBlockExpire: number }> {
    return this.incrementSync(key, ttl, limit);
  }

  incrementSync(key: string, ttl: number, limit: number) {
    const w = this.windows.get(key);
    const d = fixedWindowDecide(w?.count ?? 0, w?.windowStart ?? -1, this.now(), limit, ttl);
    if (w) {
      w.count = d.count;
      w.windowStart = d.windowStart;
    } else {
      this.windows.set(key, { count: d.count, windowStart: d.windowStart });
    }
    const seconds = Math.ceil(d.resetMs / 1000);
    return { totalHits: d.used, timeToExpire: seconds, isBlocked: !d.allowed, timeToBlockExpire: d.allowed ? 0 : seconds };
  }

  private sweep(): void {
    const now = this.now();
    // A window older than a day is certainly over (windows are at most a day long).
    for (const [k, w] of this.windows) if (now - w.windowStart > 86_400_000) this.windows.delete(k);
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}
