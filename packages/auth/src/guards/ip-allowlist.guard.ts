import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { clientIp } from '../network/client-ip';
import { ipAllowed } from '../policy/key-policy';
import { keyProblem } from './key-problem';
import { httpRequest, keyState } from './key-request';
import { KEY_POLICY_OPTIONS, type KeyPolicyOptions, USAGE_RECORDER, type UsageRecorder } from './key-policy.tokens';

interface RawRequest {
  headers: Record<string, string | string[] | undefined>;
  raw: { socket: { remoteAddress?: string } };
}

/** Guard 3: the key's IP/CIDR allowlist and its organisation's against the client address (socket peer unless a trusted proxy). */
@Injectable()
export class IpAllowlistGuard implements CanActivate {
  constructor(
    @Inject(KEY_POLICY_OPTIONS) private readonly options: KeyPolicyOptions,
    @Inject(USAGE_RECORDER) private readonly usage: UsageRecorder,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const req = httpRequest<RawRequest>(context);
    const state = keyState(req);
    const principal = state.vigilKey;
    if (!principal || (principal.allowedIps.length === 0 && !principal.orgAllowedIps?.length)) return true;
    const ip = clientIp(req.raw.socket.remoteAddress ?? '', req.headers['x-forwarded-for'], this.options.trustedProxies);
    state.vigilClientIp = ip;
    if (ipAllowed(principal, ip)) return true;
    this.usage.record(principal.keyId, 'denied');
    throw keyProblem('IpNotAllowed', `Requests from ${ip} are not allowed for this API key.`, {}, { clientIp: ip });
  }
}
