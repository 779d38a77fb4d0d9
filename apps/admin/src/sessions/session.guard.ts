import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IS_PUBLIC_KEY } from '@vigil/auth';
import { ProblemException } from '@vigil/platform';
import { CSRF_HEADER, SESSION_COOKIE, parseCookies } from './cookies';
import { ROLES_KEY } from './roles.decorator';
import type { SessionRequest } from './session-request';
import { SessionsService } from './sessions.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Global admin-app guard: a live session cookie on every non-public route, the CSRF token header on every
 * state-changing request, and the role a route requires. Suspended accounts keep read access to nothing.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets)) return true;
    const req = context.switchToHttp().getRequest<SessionRequest>();
    const cookie = parseCookies(typeof req.headers.cookie === 'string' ? req.headers.cookie : undefined)[SESSION_COOKIE];
    const session = await this.sessions.resolve(cookie);
    if (!session) throw new ProblemException('Unauthenticated', { detail: 'Sign in first (session missing or expired).' });
    if (session.account.status === 'suspended') throw new ProblemException('AccountSuspended', { detail: 'This account is suspended.' });
    if (!SAFE_METHODS.has(req.method)) {
      const header = req.headers[CSRF_HEADER];
      if (!this.sessions.csrfMatches(session, typeof header === 'string' ? header : undefined)) {
        throw new ProblemException('CsrfFailed', { detail: `Send the CSRF token from sign-in in the ${CSRF_HEADER} header.` });
      }
    }
    const roles = this.reflector.getAllAndOverride<string[] | undefined>(ROLES_KEY, targets);
    if (roles?.length && !roles.includes(session.account.role)) throw new ProblemException('Forbidden', { detail: 'This route is for internal admins.' });
    req.vigilSession = session;
    return true;
  }
}
