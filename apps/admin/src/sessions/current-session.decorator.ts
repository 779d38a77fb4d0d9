import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { AccountEntity } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import type { IncomingMessage } from 'node:http';
import { actorFrom } from '../common/actor-from-request';
import type { Actor } from '../common/actor';
import type { SessionRequest } from './session-request';
import type { SessionContext } from './sessions.service';

function sessionOf(ctx: ExecutionContext): SessionRequest & { raw: IncomingMessage } {
  const req = ctx.switchToHttp().getRequest<SessionRequest & { raw: IncomingMessage }>();
  // The session guard runs first on every non-public route; a handler without a session is a wiring error.
  if (!req.vigilSession) throw new ProblemException('Unauthenticated', { detail: 'Sign in first.' });
  return req;
}

/** The signed-in account (`@CurrentAccount() account: AccountEntity`), instead of `req.vigilSession!.account`. */
export const CurrentAccount = createParamDecorator((_: unknown, ctx: ExecutionContext): AccountEntity => sessionOf(ctx).vigilSession!.account);

/** The whole session (id, CSRF hash, account). */
export const CurrentSession = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionContext => sessionOf(ctx).vigilSession!);

/** The audit actor of the request: the signed-in account, its request id and client IP. */
export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => actorFrom(sessionOf(ctx)));
