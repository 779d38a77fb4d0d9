/** Injection token for the running service's name (`api`, `admin`). */
export const SERVICE_NAME = Symbol('SERVICE_NAME');
