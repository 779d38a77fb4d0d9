import { hash } from 'node:crypto';

/** SHA-256 of a secret as 64 hex characters: what the database stores for session tokens and emailed tokens. */
export const sha256Hex = (s: string): string => hash('sha256', s, 'hex');
