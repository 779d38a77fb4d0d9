import { Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import { ProblemException } from '@vigil/platform';

export const LOGIN_THROTTLERS = [
  { name: 'login-ip', limit: 20, ttl: 60_000 },
  { name: 'login-email', limit: 5, ttl: 60_000 },
];

/**
 * Sign-in and sign-up attempts, limited per client IP and per email (lower-cased) with `@nestjs/throttler`.
 * The refusal is the same whether or not the email exists.
 */
@Injectable()
export class LoginThrottleGuard extends ThrottlerGuard {
  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const req = props.context.switchToHttp().getRequest<{ ip: string; body?: { email?: unknown } }>();
    const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : '';
    const tracker = props.throttler.name === 'login-email' ? `email:${email}` : `ip:${req.ip}`;
    if (props.throttler.name === 'login-email' && !email) return true;
    const { limit, ttl } = props;
    const record = await this.storageService.increment(`${props.throttler.name}:${tracker}`, ttl, limit, 0, props.throttler.name ?? '');
    if (record.isBlocked) {
      throw new ProblemException('RateLimited', { detail: 'Too many attempts; wait a minute and try again.', headers: { 'retry-after': String(record.timeToBlockExpire || 60) } });
    }
    return true;
  }
}
