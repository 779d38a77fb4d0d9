import { Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import { ProblemException } from '@vigil/platform';

export const LOGIN_THROTTLERS = [{ name: 'login-ip', limit: 20, ttl: 60_000 }];

/**
 * Sign-up attempts per client IP (`@nestjs/throttler`; the IP honours `TRUSTED_PROXIES`). Sign-in is limited by
 * failures instead (see LoginFailureLimiter): counting attempts per email let anyone lock the owner out.
 */
@Injectable()
export class LoginThrottleGuard extends ThrottlerGuard {
  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const req = props.context.switchToHttp().getRequest<{ ip: string }>();
    const tracker = `ip:${req.ip}`;
    const { limit, ttl } = props;
    const record = await this.storageService.increment(`${props.throttler.name}:${tracker}`, ttl, limit, 0, props.throttler.name ?? '');
    if (record.isBlocked) {
      throw new ProblemException('RateLimited', { detail: 'Too many attempts; wait a minute and try again.', headers: { 'retry-after': String(record.timeToBlockExpire || 60) } });
    }
    return true;
  }
}
