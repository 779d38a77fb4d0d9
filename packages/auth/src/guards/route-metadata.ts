import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { ACCEPTS_CDS_JWT_KEY } from '../decorators/accepts-cds-jwt.decorator';
import { ANY_KEY_KEY } from '../decorators/any-key.decorator';
import { IS_PUBLIC_KEY } from '../decorators/public.decorator';
import { QUOTA_UNITS_KEY, type QuotaUnitsMetadata } from '../decorators/quota-units.decorator';
import { REQUIRED_SCOPES_KEY } from '../decorators/require-scopes.decorator';

export interface RouteAuthMetadata {
  isPublic: boolean;
  anyKey: boolean;
  scopes: string[] | undefined;
  /** Set by `@QuotaUnits`: the call costs one quota unit per element of a body array. */
  quotaUnits: QuotaUnitsMetadata | undefined;
  /** Set by `@AcceptsCdsJwt`: a CDS Hooks JWT may stand in for `x-api-key`. */
  acceptsCdsJwt: boolean;
}

const cache = new WeakMap<object, RouteAuthMetadata>();

/** A route's auth metadata, read through the Reflector once per handler and then memoised (hot path). */
export function routeAuthMetadata(reflector: Reflector, context: ExecutionContext): RouteAuthMetadata {
  const handler = context.getHandler();
  let meta = cache.get(handler);
  if (!meta) {
    const targets = [handler, context.getClass()];
    meta = {
      isPublic: reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets) ?? false,
      anyKey: reflector.getAllAndOverride<boolean>(ANY_KEY_KEY, targets) ?? false,
      scopes: reflector.getAllAndOverride<string[] | undefined>(REQUIRED_SCOPES_KEY, targets),
      quotaUnits: reflector.getAllAndOverride<QuotaUnitsMetadata | undefined>(QUOTA_UNITS_KEY, targets),
      acceptsCdsJwt: reflector.getAllAndOverride<boolean>(ACCEPTS_CDS_JWT_KEY, targets) ?? false,
    };
    cache.set(handler, meta);
  }
  return meta;
}
