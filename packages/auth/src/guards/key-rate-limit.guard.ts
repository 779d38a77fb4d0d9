import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import { keyProblem } from './key-problem';
import { keyState } from './key-request';
import { USAGE_RECORDER, type UsageRecorder } from './key-policy.tokens';

export const KEY_THROTTLER = 'key';

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
    if (!keyState(context.switchToHttp().getRequest()).vigilKey) return true;
    return this.handleRequest({ context, throttler: this.throttlers[0] } as ThrottlerRequest);
  }

  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    return keyState(req).vigilKey!.keyId;
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, name: string): string {
    return `${name}:${tracker}`;
  }

  protected override async handleRequest({ context, throttler }: ThrottlerRequest): Promise<boolean> {
    const http = context.switchToHttp();
    const principal = keyState(http.getRequest()).vigilKey!;
    const { limit, windowSeconds } = principal.rateLimit;
    const name = throttler.name ?? KEY_THROTTLER;
    const record = await this.storageService.increment(this.generateKey(context, principal.keyId, name), windowSeconds * 1000, limit, 0, name);
    const remaining = Math.max(0, limit - record.totalHits);
    const reset = record.timeToExpire;
    const reply = http.getResponse<Reply>();
    reply.header('ratelimit-policy', `"${name}";q=${limit};w=${windowSeconds}`);
    reply.header('ratelimit', `"${name}";r=${record.isBlocked ? 0 : remaining};t=${reset}`);
    reply.header('x-ratelimit-limit', limit);
    reply.header('x-ratelimit-remaining', record.isBlocked ? 0 : remaining);
    reply.header('x-ratelimit-reset', reset);
    if (record.isBlocked) {
      this.usage.record(principal.keyId, 'rate_limited');
      throw keyProblem('RateLimited', `This API key allows ${limit} requests per ${windowSeconds} s; retry in ${record.timeToBlockExpire} s.`, { 'retry-after': String(record.timeToBlockExpire) }, { limit, windowSeconds, retryAfterSeconds: record.timeToBlockExpire });
    }
    this.usage.record(principal.keyId, 'allowed');
    return true;
  }
}
