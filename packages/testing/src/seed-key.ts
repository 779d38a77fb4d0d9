import { generateApiKey, hashApiKey, keyHint } from '@vigil/auth';
import { PUBLIC_SCOPES } from '@vigil/contracts';
import { withPgClient } from './with-pg-client';

/** An API key written straight into the database (the API only reads keys; the admin app owns managing them). */
export interface SeedKeyOptions {
  scopes?: string[];
  allowedIps?: string[];
  rateLimit?: { limit: number; windowSeconds: number };
  status?: 'active' | 'revoked' | 'expired';
  expiresAt?: Date;
  accountStatus?: 'active' | 'suspended';
  /** The account's plan id (default: the schema's default, `free`). */
  plan?: string;
  prefix?: string;
}

export async function seedKey(url: string, o: SeedKeyOptions = {}): Promise<{ key: string; keyId: string; accountId: string }> {
  const prefix = o.prefix ?? 'vigil';
  const key = generateApiKey(prefix);
  return withPgClient(url, async (c) => {
    const email = `seed-${Math.random().toString(36).slice(2)}@example.com`;
    const {
      rows: [a],
    } = await c.query<{ id: string }>(`INSERT INTO account (email, status, plan) VALUES ($1, $2, COALESCE($3, 'free')) RETURNING id`, [
      email,
      o.accountStatus ?? 'active',
      o.plan ?? null,
    ]);
    const {
      rows: [k],
    } = await c.query<{ id: string }>(
      `INSERT INTO api_key (account_id, key_hash, hint, label, scopes, allowed_ips, rate_limit, rate_window_seconds, status, expires_at)
       VALUES ($1, $2, $3, 'test', $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        a.id,
        hashApiKey(key),
        keyHint(prefix, key),
        o.scopes ?? [...PUBLIC_SCOPES],
        o.allowedIps ?? [],
        o.rateLimit?.limit ?? null,
        o.rateLimit?.windowSeconds ?? null,
        o.status ?? 'active',
        o.expiresAt ?? null,
      ],
    );
    return { key, keyId: k.id, accountId: a.id };
  });
}
