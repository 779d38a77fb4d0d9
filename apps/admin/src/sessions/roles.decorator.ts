import { SetMetadata } from '@nestjs/common';

export const ROLES_KEY = 'vigil:roles';

/** Restricts a route to accounts with one of these roles (internal admin API). */
export const Roles = (...roles: ('user' | 'admin')[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES_KEY, roles);
