import { type ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest, type ThrottlerStorage } from '@nestjs/throttler';
import type { ApiKeyPrincipal } from '../policy/api-key-principal';
import { WindowCounterStorage } from '../rate-limit/window-counter.storage';
import { keyProblem } from './key-problem';
import { httpReply, httpRequest, keyState } from './key-request';
import { quotaDecide, quotaMonth } from '../policy/monthly-quota';
import { quotaUnitsOf } from '../decorators/quota-units.decorator';
import { routeAuthMetadata } from './route-metadata';
import { ACCOUNT_QUOTA, type AccountQuota, PROJECT_QUOTA, USAGE_RECORDER, type UsageRecorder } from './key-policy.tokens';
import { USAGE_TAG_HEADER } from '@vigil/contracts';
import { usageTagOf } from '../policy/usage-tag';
import { ProblemException } from '../errors/problem.exception';
import { withStallTolerantTimeout } from '../rate-limit/stall-tolerant.timeout';

export const KEY_THROTTLER = 'key';

/** How long a shared counter may take to answer before the call fails closed with 503. */
export const STORE_TIMEOUT_MS = 1000;

type StorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

interface Reply {
  header(name: string, value: string | number): unknown;
}

/**
 * Guard 5: the account's monthly quota, then the per-key rate limit through `@nestjs/throttler` (tracker = key id,
 * never the key; limit and window from the key, else its plan). Sets the IETF `RateLimit-Policy`/`RateLimit` fields
 * and the `X-RateLimit-*` headers on every keyed response, `Retry-After` on 429. Runs last, so a call rejected
 * earlier costs neither rate limit nor quota; a call refused by the quota or the limit costs neither either.
 */
@Injectable()
export class KeyRateLimitGuard extends ThrottlerGuard {
  @Inject(USAGE_RECORDER) private readonly usage!: UsageRecorder;
  @Optional() @Inject(ACCOUNT_QUOTA) private readonly quota?: AccountQuota;
  @Optional() @Inject(PROJECT_QUOTA) private readonly projectQuota?: AccountQuota;

  /**
   * One throttler, limits from the key: skip the base class's per-throttler metadata resolution (several
   * Reflector lookups per request) and go straight to the storage.
   */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = httpRequest(context);
    const principal = keyState(request).vigilKey;
    if (!principal) return true;
    // The usage tag is checked before anything is counted: a malformed one is refused and costs nothing.
    const { tag: sent, error } = usageTagOf((request as { headers: Record<string, string | string[] | undefined> }).headers);
    // A call that names no tag counts under its key's default tag, if the key has one.
    const tag = sent ?? principal.usageTag;
    if (error) throw new ProblemException('ValidationFailed', { detail: error, errors: [{ pointer: `/headers/${USAGE_TAG_HEADER}`, code: 'format', message: error }] });
    const units = quotaUnitsOf(routeAuthMetadata(this.reflector, context).quotaUnits, (request as { body?: unknown }).body);
    if (this.quota) {
      const used = this.quota.used(principal.accountId, Date.now());
      if (typeof used === 'number') this.checkQuota(principal, used, units);
      else this.checkQuota(principal, await used, units);
    }
    // A project's own caps (below the plan's), only for keys of a project that sets them: nothing on the common path.
    if (principal.projectMonthlyQuota !== undefined && this.projectQuota && principal.projectId) {
      const used = this.projectQuota.used(principal.projectId, Date.now());
      this.checkProjectQuota(principal, typeof used === 'number' ? used : await used, units);
    }
    const name = this.throttlers[0].name ?? KEY_THROTTLER;
    if (principal.projectRateLimit && principal.projectId) await this.checkProjectRate(context, principal, name);
    const { limit, windowSeconds } = principal.rateLimit;
    const key = this.generateKey(context, principal.keyId, name);
    // The in-memory storage answers synchronously; Redis is one EVALSHA round trip.
    if (this.storageService instanceof WindowCounterStorage)
      return this.decide(context, principal, name, this.storageService.incrementSync(key, windowSeconds * 1000, limit), units, tag);
    let record: StorageRecord;
    try {
      record = await withStallTolerantTimeout(this.storageService.increment(key, windowSeconds * 1000, limit, 0, name), STORE_TIMEOUT_MS);
    } catch {
      // Fail closed, and say so: without the shared counter no instance can enforce the limit.
      throw keyProblem('ServiceUnavailable', 'The rate-limit store is unreachable; retry shortly.', { 'retry-after': '5' });
    }
    return this.decide(context, principal, name, record, units, tag);
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

  private decide(context: ExecutionContext, principal: ApiKeyPrincipal, name: string, record: StorageRecord, units: number, tag: string | undefined): boolean {
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
      this.usage.record(principal.keyId, 'rate_limited', 1, tag);
      throw keyProblem(
        'RateLimited',
        `This API key allows ${limit} requests per ${windowSeconds} s; retry in ${record.timeToBlockExpire} s.`,
        { 'retry-after': String(record.timeToBlockExpire) },
        { limit, windowSeconds, retryAfterSeconds: record.timeToBlockExpire },
      );
    }
    this.usage.record(principal.keyId, 'allowed', units, tag);
    this.quota?.admitted(principal.accountId, units);
    if (principal.projectMonthlyQuota !== undefined && principal.projectId) this.projectQuota?.admitted(principal.projectId, units);
    return true;
  }

  /** The project's monthly quota: the same decision as the account's, with the project named. */
  private checkProjectQuota(principal: ApiKeyPrincipal, used: number, units: number): void {
    const quota = principal.projectMonthlyQuota!;
    if (used + units <= quota) return;
    const now = Date.now();
    const month = quotaMonth(now);
    const decision = quotaDecide(used, quota, now, month);
    if (decision.allowed && decision.remaining >= units) return;
    const resetAt = new Date(month.resetAt).toISOString().replace('.000Z', 'Z');
    this.usage.record(principal.keyId, 'rate_limited');
    throw keyProblem(
      'QuotaExceeded',
      `This key's project allows ${quota} calls per calendar month (UTC); the quota resets at ${resetAt}.`,
      { 'retry-after': String(decision.resetSeconds) },
      { quota, resetAt, retryAfterSeconds: decision.resetSeconds, scope: 'project' },
    );
  }

  /**
   * The project's rate limit, one window shared by all its keys (same storage as the key limit). Checked before the
   * key's own window, so a call the project refuses costs the key nothing.
   */
  private async checkProjectRate(context: ExecutionContext, principal: ApiKeyPrincipal, name: string): Promise<void> {
    const { limit, windowSeconds } = principal.projectRateLimit!;
    const key = `${name}:project:${principal.projectId}`;
    let record: StorageRecord;
    if (this.storageService instanceof WindowCounterStorage) record = this.storageService.incrementSync(key, windowSeconds * 1000, limit);
    else {
      try {
        record = await withStallTolerantTimeout(this.storageService.increment(key, windowSeconds * 1000, limit, 0, name), STORE_TIMEOUT_MS);
      } catch {
        throw keyProblem('ServiceUnavailable', 'The rate-limit store is unreachable; retry shortly.', { 'retry-after': '5' });
      }
    }
    if (!record.isBlocked) return;
    const reply = httpReply<Reply>(context);
    reply.header('ratelimit-policy', `"project";q=${limit};w=${windowSeconds}`);
    reply.header('ratelimit', `"project";r=0;t=${record.timeToExpire}`);
    this.usage.record(principal.keyId, 'rate_limited');
    throw keyProblem(
      'RateLimited',
      `This key's project allows ${limit} requests per ${windowSeconds} s over all its keys; retry in ${record.timeToBlockExpire} s.`,
      { 'retry-after': String(record.timeToBlockExpire) },
      { limit, windowSeconds, retryAfterSeconds: record.timeToBlockExpire, scope: 'project' },
    );
  }

  private checkQuota(principal: ApiKeyPrincipal, used: number, units: number): void {
    if (used + units <= principal.monthlyQuota) return; // the common case: no date arithmetic on the request path
    const now = Date.now();
    const month = quotaMonth(now);
    const decision = quotaDecide(used, principal.monthlyQuota, now, month);
    if (decision.allowed && decision.remaining >= units) return;
    const resetAt = new Date(month.resetAt).toISOString().replace('.000Z', 'Z');
    this.usage.record(principal.keyId, 'rate_limited');
    throw keyProblem(
      'QuotaExceeded',
      units > 1 && decision.remaining > 0
        ? `This request counts as ${units} calls but only ${decision.remaining} of this account's ${principal.monthlyQuota} monthly calls remain; send fewer lists or wait for the reset at ${resetAt}.`
        : `This account's plan allows ${principal.monthlyQuota} calls per calendar month (UTC); the quota resets at ${resetAt}.`,
      { 'retry-after': String(decision.resetSeconds) },
      { quota: principal.monthlyQuota, resetAt, retryAfterSeconds: decision.resetSeconds },
    );
  }
}
