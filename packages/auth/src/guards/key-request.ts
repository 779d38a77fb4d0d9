import type { ApiKeyPrincipal } from '../policy/api-key-principal';

/** What the guards attach to the Fastify request as they run. */
export interface KeyRequestState {
  vigilKey?: ApiKeyPrincipal;
  vigilPublic?: boolean;
  vigilClientIp?: string;
}

export function keyState(req: unknown): KeyRequestState {
  return req as KeyRequestState;
}
