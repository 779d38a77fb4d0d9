import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_KEY = 'vigil:public';

/** Marks a route as reachable without an API key. Only health and documentation routes may carry it. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_KEY, true);
