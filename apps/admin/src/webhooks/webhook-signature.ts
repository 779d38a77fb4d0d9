import { createHmac, randomBytes } from 'node:crypto';

/** Secret prefix of the Standard Webhooks spec: `whsec_` + base64 of the key bytes. */
const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes (the spec asks for 24 to 64). */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** The key bytes of a `whsec_` secret. */
export function webhookSecretBytes(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('a webhook secret starts with whsec_');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` (Standard Webhooks, symmetric). */
export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', webhookSecretBytes(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * The three headers of one delivery. Every secret signs (the current one first, then a rotated-out one still inside its
 * overlap), space-separated in one `webhook-signature` header, as the spec allows: a receiver that has either secret
 * verifies.
 */
export function webhookHeaders(secrets: readonly string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  if (secrets.length === 0) throw new Error('at least one secret signs');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => webhookSignature(s, id, timestampSeconds, body)).join(' '),
  };
}
