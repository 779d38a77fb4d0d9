/** Injection token for the validated admin configuration. */
export const ADMIN_CONFIG = Symbol('ADMIN_CONFIG');
