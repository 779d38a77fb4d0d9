import { requestIdFor } from '@vigil/platform';
import type { IncomingMessage } from 'node:http';
import type { SessionRequest } from '../sessions/session-request';
import type { Actor } from './actor';

/** The audit actor for an HTTP request made in a session. */
export function actorFrom(req: SessionRequest & { raw: IncomingMessage }): Actor {
  const account = req.vigilSession!.account;
  return { type: account.role === 'admin' ? 'admin' : 'account', accountId: account.id, label: account.email, requestId: requestIdFor(req.raw), ip: req.ip };
}
