import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@vigil/contracts';
import { statusDenial } from '../policy/key-policy';
import { keyProblem } from './key-problem';
import { httpRequest, keyState } from './key-request';
import { USAGE_RECORDER, type UsageRecorder } from './key-policy.tokens';

const DETAIL = {
  ApiKeyRevoked: 'This API key has been revoked.',
  ApiKeyExpired: 'This API key has expired.',
  AccountSuspended: 'The account that owns this API key is suspended.',
} as const;

/** Guard 2: revoked → 401, expired → 401, account suspended → 403, organisation key policy broken → 403 naming the policy. */
@Injectable()
export class ApiKeyStatusGuard implements CanActivate {
  constructor(@Inject(USAGE_RECORDER) private readonly usage: UsageRecorder) {}

  canActivate(context: ExecutionContext): boolean {
    const principal = keyState(httpRequest(context)).vigilKey;
    if (!principal) return true;
    const denial = statusDenial(principal, Date.now());
    if (!denial) return true;
    this.usage.record(principal.keyId, 'denied');
    const key = denial;
    // A rolled key past its grace keeps the expired-key code; the detail names the key that replaced it.
    const detail =
      key === 'ApiKeyExpired' && principal.rotatedToKeyId
        ? `This API key was rolled and its grace period has ended; use its successor (key ${principal.rotatedToKeyId}).`
        : key in DETAIL
          ? DETAIL[key as keyof typeof DETAIL]
          : `This API key does not comply with its organisation's key policy: ${principal.orgPolicyDenial?.detail ?? key}.`;
    throw keyProblem(key, detail, ErrorCodes[key].status === 401 ? { 'www-authenticate': 'ApiKey' } : {});
  }
}
