const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A canonical UUID (ids of accounts and keys); anything else cannot name a row. */
export const isUuid = (s: string): boolean => UUID.test(s);
