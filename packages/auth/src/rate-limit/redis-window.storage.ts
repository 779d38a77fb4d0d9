import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';

/** Atomic fixed window: count only admitted calls; PEXPIRE on the first. Returns {count, pttl, blocked}. */
const SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local limit = tonumber(ARGV[1])
if current >= limit then
  local pttl = redis.call('PTTL', KEYS[1])
  if pttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); pttl = tonumber(ARGV[2]) end
  return {current, pttl, 1}
end
current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {current, redis.call('PTTL', KEYS[1]), 0}
`;

type VigilRedis = Redis & { vigilRateWindow(key: string, limit: number, ttlMs: number): Promise<[number, number, number]> };

/**
 * Redis rate-limit storage: one EVALSHA round trip per request (ioredis `defineCommand`, auto-pipelined),
 * atomic across API instances. Denied calls are not counted.
 */
export class RedisWindowStorage implements ThrottlerStorage {
  private readonly redis: VigilRedis;

  constructor(redis: Redis, private readonly namespace = 'vigil:rl:') {
    if (!('vigilRateWindow' in redis)) redis.defineCommand('vigilRateWindow', { numberOfKeys: 1, lua: SCRIPT });
    this.redis = redis as VigilRedis;
  }

  async increment(key: string, ttl: number, limit: number): Promise<{ totalHits: number; timeToExpire: number; isBlocked: boolean; timeToBlockExpire: number }> {
    const [count, pttl, blocked] = await this.redis.vigilRateWindow(this.namespace + key, limit, ttl);
    const seconds = Math.max(1, Math.ceil(pttl / 1000));
    return { totalHits: count, timeToExpire: seconds, isBlocked: blocked === 1, timeToBlockExpire: blocked === 1 ? seconds : 0 };
  }
}
