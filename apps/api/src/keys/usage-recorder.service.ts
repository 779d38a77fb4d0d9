import { type BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { UsageOutcome, UsageRecorder } from '@vigil/auth';
import { ApiKeyRepository } from '@vigil/db';
import { DataSource } from 'typeorm';

interface Counts {
  allowed: number;
  rate_limited: number;
  denied: number;
  lastUsed: number;
}

export const USAGE_FLUSH_MS = 2000;

/**
 * Counts requests per key, UTC day and outcome in memory and writes them in one batched upsert every
 * couple of seconds (and at shutdown) — never a row write per request.
 */
@Injectable()
export class UsageRecorderService implements UsageRecorder, OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Usage');
  private pending = new Map<string, Counts>();
  /** Decisions since the process started, by outcome (for metrics). */
  readonly totals: Record<UsageOutcome, number> = { allowed: 0, rate_limited: 0, denied: 0 };
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  private readonly keys: ApiKeyRepository;

  constructor(dataSource: DataSource) {
    this.keys = new ApiKeyRepository(dataSource);
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), USAGE_FLUSH_MS);
    this.timer.unref();
  }

  private day = '';
  private dayUntil = 0;

  record(keyId: string, outcome: UsageOutcome, units = 1): void {
    const now = Date.now();
    if (now >= this.dayUntil) {
      this.day = new Date(now).toISOString().slice(0, 10);
      this.dayUntil = now - (now % 86_400_000) + 86_400_000;
    }
    const k = `${keyId}|${this.day}`;
    let c = this.pending.get(k);
    if (!c) this.pending.set(k, (c = { allowed: 0, rate_limited: 0, denied: 0, lastUsed: 0 }));
    c[outcome] += units;
    c.lastUsed = now;
    this.totals[outcome] += units;
  }

  /** Writes everything counted so far; concurrent calls queue behind each other. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.keys.addUsage(
        [...batch].map(([k, c]) => {
          const [keyId, day] = k.split('|');
          return { keyId, day, allowed: c.allowed, rateLimited: c.rate_limited, denied: c.denied, lastUsed: new Date(c.lastUsed) };
        }),
      );
    } catch (error) {
      this.logger.error(`usage flush failed (${batch.size} rows kept for the next try): ${(error as Error).message}`);
      for (const [k, c] of batch) {
        const cur = this.pending.get(k);
        if (!cur) this.pending.set(k, c);
        else {
          cur.allowed += c.allowed;
          cur.rate_limited += c.rate_limited;
          cur.denied += c.denied;
          cur.lastUsed = Math.max(cur.lastUsed, c.lastUsed);
        }
      }
    }
  }

  /** Before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
