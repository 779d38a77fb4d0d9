import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ANY_KEY_KEY } from '../decorators/any-key.decorator';
import { REQUIRED_SCOPES_KEY } from '../decorators/require-scopes.decorator';
import { missingScopes } from '../policy/key-policy';
import { keyProblem } from './key-problem';
import { keyState } from './key-request';
import { USAGE_RECORDER, type UsageRecorder } from './key-policy.tokens';

/** Guard 4: `@RequireScopes` on handler or class; a protected route that declares no scope (nor `@AnyKey()`) is denied. */
@Injectable()
export class ScopesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(USAGE_RECORDER) private readonly usage: UsageRecorder,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const principal = keyState(context.switchToHttp().getRequest()).vigilKey;
    if (!principal) return true;
    const required = this.reflector.getAllAndOverride<string[] | undefined>(REQUIRED_SCOPES_KEY, [context.getHandler(), context.getClass()]);
    if (!required || required.length === 0) {
      if (this.reflector.getAllAndOverride<boolean>(ANY_KEY_KEY, [context.getHandler(), context.getClass()])) return true;
      this.usage.record(principal.keyId, 'denied');
      throw keyProblem('InsufficientScope', 'This route declares no scope and is closed to API keys.');
    }
    const missing = missingScopes(required, principal.scopes);
    if (missing.length === 0) return true;
    this.usage.record(principal.keyId, 'denied');
    throw keyProblem('InsufficientScope', `This API key lacks the scope ${missing.join(', ')}.`, {}, { requiredScopes: required, missingScopes: missing });
  }
}
