import { SetMetadata } from '@nestjs/common';

export const ANY_KEY_KEY = 'vigil:any-key';

/** The route needs a valid key but no particular scope (e.g. "describe the calling key"). Explicit and greppable. */
export const AnyKey = (): MethodDecorator & ClassDecorator => SetMetadata(ANY_KEY_KEY, true);
