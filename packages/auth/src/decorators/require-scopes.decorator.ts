import { SetMetadata } from '@nestjs/common';
import type { Scope } from '@vigil/contracts';

export const REQUIRED_SCOPES_KEY = 'vigil:scopes';

/** Declares the scopes a route needs. A protected route with neither this nor `@Public()` is denied. */
export const RequireScopes = (...scopes: Scope[]): MethodDecorator & ClassDecorator => SetMetadata(REQUIRED_SCOPES_KEY, scopes);
