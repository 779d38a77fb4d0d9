import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { ApiKeyAuthGuard } from './api-key-auth.guard';
import { ApiKeyStatusGuard } from './api-key-status.guard';
import { IpAllowlistGuard } from './ip-allowlist.guard';
import { KeyRateLimitGuard } from './key-rate-limit.guard';
import { ScopesGuard } from './scopes.guard';

type Step = (context: ExecutionContext) => boolean | Promise<boolean>;

/**
 * The key policy as one global guard: its five steps in one fixed order — identity (1), validity (2), network (3),
 * authorisation (4), then the monthly quota and the rate limit (5) — so a call refused early never spends quota.
 * One guard instead of five global guards: the order is written here rather than implied by provider order. The steps
 * run synchronously while each answers synchronously (a cached key passes steps 1–4 without a promise), and continue
 * asynchronously from the first step that returns a promise (step 5 always does).
 */
@Injectable()
export class KeyPipelineGuard implements CanActivate {
  private readonly steps: readonly Step[];

  constructor(auth: ApiKeyAuthGuard, status: ApiKeyStatusGuard, ip: IpAllowlistGuard, scopes: ScopesGuard, limits: KeyRateLimitGuard) {
    this.steps = [(c) => auth.canActivate(c), (c) => status.canActivate(c), (c) => ip.canActivate(c), (c) => scopes.canActivate(c), (c) => limits.canActivate(c)];
  }

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    return runSteps(this.steps, 0, context);
  }
}

function runSteps(steps: readonly Step[], from: number, context: ExecutionContext): boolean | Promise<boolean> {
  for (let i = from; i < steps.length; i++) {
    const result = steps[i](context);
    if (result === true) continue;
    if (result === false) return false;
    return result.then((allowed) => (allowed ? runSteps(steps, i + 1, context) : false));
  }
  return true;
}
