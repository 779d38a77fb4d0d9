export { Public, IS_PUBLIC_KEY } from './decorators/public.decorator';
export { RequireScopes, REQUIRED_SCOPES_KEY } from './decorators/require-scopes.decorator';
