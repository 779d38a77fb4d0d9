import { SetMetadata } from '@nestjs/common';

export const ACCEPTS_CDS_JWT_KEY = 'vigil:acceptsCdsJwt';

/**
 * Marks a route a CDS Hooks client may call with its signed JWT (`Authorization: Bearer`) instead of `x-api-key`.
 * The JWT's issuer is registered on an API key, so the rest of the pipeline (status, IP allowlist, scopes, quota,
 * rate limit, usage) applies to that key exactly as for `x-api-key`.
 */
export const AcceptsCdsJwt = (): MethodDecorator & ClassDecorator => SetMetadata(ACCEPTS_CDS_JWT_KEY, true);
