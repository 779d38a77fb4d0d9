import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { missingScopes } from '../policy/key-policy';
import { keyProblem } from './key-problem';
import { httpRequest, keyState } from './key-request';
import { routeAuthMetadata } from './route-metadata';
import { USAGE_RECORDER, type UsageRecorder } from './key-policy.tokens';

/** Guard 4: `@RequireScopes` on handler or class; a protected route that declares no scope (nor `@AnyKey()`) is denied. */
@Injectable()
export class ScopesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(USAGE_RECORDER) private readonly usage: UsageRecorder,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const principal = keyState(httpRequest(context)).vigilKey;
    if (!principal) return true;
    const { scopes: required, anyKey } = routeAuthMetadata(this.reflector, context);
    if (!required || required.length === 0) {
      if (anyKey) return true;
      this.usage.record(principal.keyId, 'denied');
      throw keyProblem('InsufficientScope', 'This route declares no scope and is closed to API keys.');
    }
    const missing = missingScopes(required, principal.scopes);
    if (missing.length === 0) return true;
    this.usage.record(principal.keyId, 'denied');
    throw keyProblem('InsufficientScope', `This API key lacks the scope ${missing.join(', ')}.`, {}, { requiredScopes: required, missingScopes: missing });
  }
}
