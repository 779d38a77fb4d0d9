import { hash, randomInt } from 'node:crypto';
import { BASE62, isBase62, toBase62 } from './base62';
import { crc32 } from './crc32';

export const SECRET_LENGTH = 30;
export const CHECKSUM_LENGTH = 6;
export const KEY_PREFIX_PATTERN = /^[a-z][a-z0-9]{1,15}$/;

export type KeyFormatResult = { ok: true } | { ok: false; reason: 'prefix' | 'length' | 'alphabet' | 'checksum' };

/**
 * `<prefix>_<secret><checksum>`: 30 CSPRNG base62 characters, then 6 base62 characters of CRC32 over everything
 * before them (the GitHub token scheme). Format checks cost nothing and need no I/O.
 */
export function generateApiKey(prefix: string): string {
  if (!KEY_PREFIX_PATTERN.test(prefix)) throw new Error(`invalid key prefix "${prefix}"`);
  let secret = '';
  for (let i = 0; i < SECRET_LENGTH; i++) secret += BASE62[randomInt(62)];
  const body = `${prefix}_${secret}`;
  return body + checksumOf(body);
}

export function checksumOf(body: string): string {
  return toBase62(crc32(body), CHECKSUM_LENGTH);
}

export function checkKeyFormat(prefix: string, key: string): KeyFormatResult {
  if (!key.startsWith(`${prefix}_`)) return { ok: false, reason: 'prefix' };
  const rest = key.slice(prefix.length + 1);
  if (rest.length !== SECRET_LENGTH + CHECKSUM_LENGTH) return { ok: false, reason: 'length' };
  if (!isBase62(rest)) return { ok: false, reason: 'alphabet' };
  const body = key.slice(0, key.length - CHECKSUM_LENGTH);
  if (checksumOf(body) !== key.slice(-CHECKSUM_LENGTH)) return { ok: false, reason: 'checksum' };
  return { ok: true };
}

/** Lower-case hex SHA-256 of the whole key: the only thing stored. `crypto.hash` avoids a Hash object per call. */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** `<prefix>_` + first 4 + `…` + last 4 of the part after the prefix; safe to show and log. */
export function keyHint(prefix: string, key: string): string {
  const rest = key.slice(prefix.length + 1);
  return `${prefix}_${rest.slice(0, 4)}…${rest.slice(-4)}`;
}
