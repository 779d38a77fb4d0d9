import { Inject, Injectable, Optional } from '@nestjs/common';
import { REDIS } from '@vigil/platform';
import type { Redis } from 'ioredis';

/** Failed sign-ins allowed per (client IP, email) and per client IP in one window before that pair or IP waits. */
export const LOGIN_FAILURE_LIMITS = { perIpEmail: 5, perIp: 20, windowMs: 15 * 60_000 };
const MAX_MEMORY_ENTRIES = 100_000;

/**
 * Counts FAILED sign-ins (a wrong password or unknown email), never attempts: per (client IP, email), so guesses
 * from elsewhere cannot lock the real owner out, and per client IP, so one client cannot spray many emails. A
 * client that has not failed is never refused. Shared through Redis when configured (fixed windows: INCR with an
 * expiry set on the first failure), else in this process's memory.
 */
@Injectable()
export class LoginFailureLimiter {
  private readonly memory = new Map<string, { n: number; until: number }>();

  constructor(@Optional() @Inject(REDIS) private readonly redis: Redis | null) {}

  /** Seconds the client must wait before trying this email again (0 = may try). */
  async retryAfterSeconds(ip: string, email: string): Promise<number> {
    const [pair, perIp] = await Promise.all([this.read(this.pairKey(ip, email)), this.read(this.ipKey(ip))]);
    const waits: number[] = [];
    if (pair.n >= LOGIN_FAILURE_LIMITS.perIpEmail) waits.push(pair.ttlMs);
    if (perIp.n >= LOGIN_FAILURE_LIMITS.perIp) waits.push(perIp.ttlMs);
    return waits.length ? Math.max(1, Math.ceil(Math.max(...waits) / 1000)) : 0;
  }

  async failed(ip: string, email: string): Promise<void> {
    await Promise.all([this.add(this.pairKey(ip, email)), this.add(this.ipKey(ip))]);
  }

  /** A successful sign-in forgets that pair's failures (the IP's count stays: it may be spraying other emails). */
  async succeeded(ip: string, email: string): Promise<void> {
    const key = this.pairKey(ip, email);
    if (this.redis) await this.redis.del(key);
    else this.memory.delete(key);
  }

  private pairKey(ip: string, email: string): string {
    return `vigil:login-fail:pair:${ip}|${email.trim().toLowerCase()}`;
  }

  private ipKey(ip: string): string {
    return `vigil:login-fail:ip:${ip}`;
  }

  private async read(key: string): Promise<{ n: number; ttlMs: number }> {
    if (this.redis) {
      const [[, n], [, ttl]] = (await this.redis.multi().get(key).pttl(key).exec()) as [[unknown, string | null], [unknown, number]];
      return { n: Number(n ?? 0), ttlMs: ttl > 0 ? ttl : LOGIN_FAILURE_LIMITS.windowMs };
    }
    const e = this.memory.get(key);
    const now = Date.now();
    if (!e || e.until <= now) return { n: 0, ttlMs: 0 };
    return { n: e.n, ttlMs: e.until - now };
  }

  private async add(key: string): Promise<void> {
    if (this.redis) {
      await this.redis.multi().incr(key).pexpire(key, LOGIN_FAILURE_LIMITS.windowMs, 'NX').exec();
      return;
    }
    const now = Date.now();
    const e = this.memory.get(key);
    if (e && e.until > now) e.n++;
    else {
      if (this.memory.size >= MAX_MEMORY_ENTRIES) for (const [k, v] of this.memory) if (v.until <= now || this.memory.size >= MAX_MEMORY_ENTRIES) this.memory.delete(k);
      this.memory.set(key, { n: 1, until: now + LOGIN_FAILURE_LIMITS.windowMs });
    }
  }
}
