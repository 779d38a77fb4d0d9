import { type BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { MAX_TAGS_PER_KEY_DAY, type UsageOutcome, type UsageRecorder } from '@vigil/auth';
import { ApiKeyRepository } from '@vigil/db';
import { DataSource } from 'typeorm';

interface Counts {
  allowed: number;
  rate_limited: number;
  denied: number;
  lastUsed: number;
}

export const USAGE_FLUSH_MS = 2000;

/** Where tags beyond {@link MAX_TAGS_PER_KEY_DAY} per key and day are counted (a key cannot flood the table). */
export const OVERFLOW_TAG = '(other)';

interface TagCounts {
  allowed: number;
  rateLimited: number;
}

/**
 * Counts requests per key, UTC day and outcome in memory and writes them in one batched upsert every
 * couple of seconds (and at shutdown) — never a row write per request.
 */
@Injectable()
export class UsageRecorderService implements UsageRecorder, OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Usage');
  private pending = new Map<string, Counts>();
  /** `keyId|day|tag` → tagged counts since the last flush. */
  private pendingTags = new Map<string, TagCounts>();
  /** `keyId|day` → tags seen today in this process (bounds the distinct tags a key can create). */
  private tagsSeen = new Map<string, Set<string>>();
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

  record(keyId: string, outcome: UsageOutcome, units = 1, tag?: string): void {
    const now = Date.now();
    if (now >= this.dayUntil) {
      this.day = new Date(now).toISOString().slice(0, 10);
      this.dayUntil = now - (now % 86_400_000) + 86_400_000;
      this.tagsSeen.clear();
    }
    if (tag !== undefined && outcome !== 'denied') this.recordTag(keyId, outcome, units, tag);
    const k = `${keyId}|${this.day}`;
    let c = this.pending.get(k);
    if (!c) this.pending.set(k, (c = { allowed: 0, rate_limited: 0, denied: 0, lastUsed: 0 }));
    c[outcome] += units;
    c.lastUsed = now;
    this.totals[outcome] += units;
  }

  private recordTag(keyId: string, outcome: 'allowed' | 'rate_limited', units: number, tag: string): void {
    const dayKey = `${keyId}|${this.day}`;
    let seen = this.tagsSeen.get(dayKey);
    if (!seen) this.tagsSeen.set(dayKey, (seen = new Set()));
    if (!seen.has(tag)) {
      if (seen.size >= MAX_TAGS_PER_KEY_DAY) tag = OVERFLOW_TAG;
      seen.add(tag);
    }
    const k = `${dayKey}|${tag}`;
    let c = this.pendingTags.get(k);
    if (!c) this.pendingTags.set(k, (c = { allowed: 0, rateLimited: 0 }));
    if (outcome === 'allowed') c.allowed += units;
    else c.rateLimited += units;
  }

  /** Writes everything counted so far; concurrent calls queue behind each other. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    await this.writeBatch(
      'tagged usage',
      () => this.pendingTags,
      (m) => (this.pendingTags = m),
      (batch) =>
        this.keys.addTagUsage(
          [...batch].map(([k, c]) => {
            const [keyId, day, ...rest] = k.split('|');
            return { keyId, day, tag: rest.join('|'), allowed: c.allowed, rateLimited: c.rateLimited };
          }),
        ),
      (cur, c) => {
        cur.allowed += c.allowed;
        cur.rateLimited += c.rateLimited;
      },
    );
    await this.writeBatch(
      'usage',
      () => this.pending,
      (m) => (this.pending = m),
      (batch) =>
        this.keys.addUsage(
          [...batch].map(([k, c]) => {
            const [keyId, day] = k.split('|');
            return { keyId, day, allowed: c.allowed, rateLimited: c.rate_limited, denied: c.denied, lastUsed: new Date(c.lastUsed) };
          }),
        ),
      (cur, c) => {
        cur.allowed += c.allowed;
        cur.rate_limited += c.rate_limited;
        cur.denied += c.denied;
        cur.lastUsed = Math.max(cur.lastUsed, c.lastUsed);
      },
    );
  }

  /**
   * Takes the counters counted so far and writes them; if the write fails they go back, merged with what was counted
   * meanwhile, for the next flush.
   */
  private async writeBatch<C>(
    what: string,
    get: () => Map<string, C>,
    set: (fresh: Map<string, C>) => void,
    write: (batch: Map<string, C>) => Promise<void>,
    merge: (into: C, from: C) => void,
  ): Promise<void> {
    const batch = get();
    if (batch.size === 0) return;
    set(new Map());
    try {
      await write(batch);
    } catch (error) {
      this.logger.error(`${what} flush failed (${batch.size} rows kept for the next try): ${(error as Error).message}`);
      const current = get();
      for (const [k, c] of batch) {
        const cur = current.get(k);
        if (cur) merge(cur, c);
        else current.set(k, c);
      }
    }
  }

  /** Before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
