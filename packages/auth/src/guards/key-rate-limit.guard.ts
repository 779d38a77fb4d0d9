import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest, type ThrottlerStorage } from '@nestjs/throttler';
import type { ApiKeyPrincipal } from '../policy/api-key-principal';
import { WindowCounterStorage } from '../rate-limit/window-counter.storage';
import { keyProblem } from './key-problem';
import { httpReply, httpRequest, keyState } from './key-request';
import { USAGE_RECORDER, type UsageRecorder } from './key-policy.tokens';

export const KEY_THROTTLER = 'key';

type StorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

interface Reply {
  header(name: string, value: string | number): unknown;
}

/**
 * Guard 5: per-key rate limit through `@nestjs/throttler` (tracker = key id, never the key; limit and window
 * from the key, else its plan). Sets the IETF `RateLimit-Policy`/`RateLimit` fields and the `X-RateLimit-*`
 * headers on every keyed response, `Retry-After` on 429. Runs last, so a call rejected earlier costs no quota.
 */
@Injectable()
export class KeyRateLimitGuard extends ThrottlerGuard {
  @Inject(USAGE_RECORDER) private readonly usage!: UsageRecorder;

  /**
   * One throttler, limits from the key: skip the base class's per-throttler metadata resolution (several
   * Reflector lookups per request) and go straight to the storage.
   */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const principal = keyState(httpRequest(context)).vigilKey;
    if (!principal) return true;
    const name = this.throttlers[0].name ?? KEY_THROTTLER;
    const { limit, windowSeconds } = principal.rateLimit;
    const key = this.generateKey(context, principal.keyId, name);
    // The in-memory storage answers synchronously; Redis is one EVALSHA round trip.
    if (this.storageService instanceof WindowCounterStorage) return this.decide(context, principal, name, this.storageService.incrementSync(key, windowSeconds * 1000, limit));
    let record: StorageRecord;
    try {
      record = await this.storageService.increment(key, windowSeconds * 1000, limit, 0, name);
    } catch {
      // Fail closed, and say so: without the shared counter no instance can enforce the limit.
      throw keyProblem('ServiceUnavailable', 'The rate-limit store is unreachable; retry shortly.', { 'retry-after': '5' });
    }
    return this.decide(context, principal, name, record);
  }

  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    return keyState(req).vigilKey!.keyId;
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, name: string): string {
    return `${name}:${tracker}`;
  }

  protected override async handleRequest({ context }: ThrottlerRequest): Promise<boolean> {
    return this.canActivate(context);
  }

  private decide(context: ExecutionContext, principal: ApiKeyPrincipal, name: string, record: StorageRecord): boolean {
    const { limit, windowSeconds } = principal.rateLimit;
    const remaining = record.isBlocked ? 0 : Math.max(0, limit - record.totalHits);
    const reset = record.timeToExpire;
    const reply = httpReply<Reply>(context);
    reply.header('ratelimit-policy', `"${name}";q=${limit};w=${windowSeconds}`);
    reply.header('ratelimit', `"${name}";r=${remaining};t=${reset}`);
    reply.header('x-ratelimit-limit', limit);
    reply.header('x-ratelimit-remaining', remaining);
    reply.header('x-ratelimit-reset', reset);
    if (record.isBlocked) {
      this.usage.record(principal.keyId, 'rate_limited');
      throw keyProblem('RateLimited', `This API key allows ${limit} requests per ${windowSeconds} s; retry in ${record.timeToBlockExpire} s.`, { 'retry-after': String(record.timeToBlockExpire) }, { limit, windowSeconds, retryAfterSeconds: record.timeToBlockExpire });
    }
    this.usage.record(principal.keyId, 'allowed');
    return true;
  }
}
