import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';

/**
 * Atomic fixed window for `n` calls at once: admits as many as the limit leaves (the first ones), counts only
 * those, PEXPIRE when the window starts. Returns {count before, admitted, pttl}.
 */
const SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local limit = tonumber(ARGV[1])
local n = tonumber(ARGV[3])
local admit = math.min(n, math.max(0, limit - current))
if admit > 0 then
  if redis.call('INCRBY', KEYS[1], admit) == admit then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
end
local pttl = redis.call('PTTL', KEYS[1])
if pttl < 0 then
  if pttl == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
  pttl = tonumber(ARGV[2])
end
return {current, admit, pttl}
`;

type WindowResult = [count: number, admitted: number, pttl: number];
type VigilRedis = Redis & { vigilRateWindowN(key: string, limit: number, ttlMs: number, n: number): Promise<WindowResult> };
type Decision = Awaited<ReturnType<ThrottlerStorage['increment']>>;

interface Batch {
  key: string;
  limit: number;
  ttl: number;
  waiters: { resolve(d: Decision): void; reject(e: unknown): void }[];
}

/**
 * Redis rate-limit storage, atomic across API instances; denied calls are not counted.
 *
 * The calls for one key that arrive in the same event-loop turn go to Redis as one EVALSHA (ioredis
 * `defineCommand`, auto-pipelined) that admits the first of them up to the limit: the same decisions as one
 * round trip per call, in arrival order, at a fraction of the client and Redis work when one key is busy.
 */
export class RedisWindowStorage implements ThrottlerStorage {
  private readonly redis: VigilRedis;
  private pending = new Map<string, Batch>();
  private scheduled = false;

  constructor(
    redis: Redis,
    private readonly namespace = 'vigil:rl:',
  ) {
    if (!('vigilRateWindowN' in redis)) redis.defineCommand('vigilRateWindowN', { numberOfKeys: 1, lua: SCRIPT });
    this.redis = redis as VigilRedis;
  }

  increment(key: string, ttl: number, limit: number): Promise<Decision> {
    const k = this.namespace + key;
    // A key whose limit changes within one turn gets a batch per limit.
    const id = `${k}|${limit}|${ttl}`;
    let batch = this.pending.get(id);
    if (!batch) this.pending.set(id, (batch = { key: k, limit, ttl, waiters: [] }));
    const waiters = batch.waiters;
    if (!this.scheduled) {
      this.scheduled = true;
      // After every request read in this turn of the event loop.
      setImmediate(() => this.flush());
    }
    return new Promise<Decision>((resolve, reject) => waiters.push({ resolve, reject }));
  }

  private flush(): void {
    const batches = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    for (const batch of batches.values()) {
      this.redis.vigilRateWindowN(batch.key, batch.limit, batch.ttl, batch.waiters.length).then(
        (result) => settle(batch, result),
        (error: unknown) => {
          for (const w of batch.waiters) w.reject(error);
        },
      );
    }
  }
}

/** Waiter i is admitted when i < admitted, as call count + i + 1; the rest are blocked until the window resets. */
function settle(batch: Batch, [count, admitted, pttl]: WindowResult): void {
  const seconds = Math.max(1, Math.ceil(pttl / 1000));
  batch.waiters.forEach((w, i) => {
    w.resolve(
      i < admitted
        ? { totalHits: count + i + 1, timeToExpire: seconds, isBlocked: false, timeToBlockExpire: 0 }
        : { totalHits: count + admitted, timeToExpire: seconds, isBlocked: true, timeToBlockExpire: seconds },
    );
  });
}
