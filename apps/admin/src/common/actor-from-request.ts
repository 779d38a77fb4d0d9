import { requestIdFor } from '@vigil/platform';
import type { IncomingMessage } from 'node:http';
import type { SessionRequest } from '../sessions/session-request';
import type { Actor } from './actor';

/** The audit actor for an HTTP request made in a session. */
export function actorFrom(req: SessionRequest & { raw: IncomingMessage }): Actor {
  const account = req.vigilSession!.account;
  return { type: account.role === 'admin' ? 'admin' : 'account', accountId: account.id, label: account.email, requestId: requestIdFor(req.raw), ip: req.ip };
}

/** The audit actor of a request made without a session (sign-up, an emailed link): who it claims to be, if anyone. */
export function anonymousActor(req: { raw: IncomingMessage; ip: string }, label?: string): Actor {
  return { type: 'account', ...(label !== undefined ? { label } : {}), requestId: requestIdFor(req.raw), ip: req.ip };
}
