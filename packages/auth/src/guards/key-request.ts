import type { ExecutionContext } from '@nestjs/common';
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

/**
 * The HTTP request and reply of a guard's context. `switchToHttp()` allocates three closures on every call, and the
 * five guards call it on every request; an HTTP context's arguments are `[request, reply]`.
 */
export function httpRequest<T = unknown>(context: ExecutionContext): T {
  return context.getArgByIndex<T>(0);
}

export function httpReply<T = unknown>(context: ExecutionContext): T {
  return context.getArgByIndex<T>(1);
}
