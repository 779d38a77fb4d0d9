/** A key as the admin API shows it: never the key, only its hint. */
export interface ApiKeyResponse {
  id: string;
  label: string;
  hint: string;
  status: 'active' | 'revoked' | 'expired';
  scopes: string[];
  allowedIps: string[];
  rateLimit: { limit: number; windowSeconds: number } | null;
  effectiveRateLimit: { limit: number; windowSeconds: number };
  expiresAt: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The one response that carries the full key; sent once with `Cache-Control: no-store`. */
export interface CreatedApiKeyResponse extends ApiKeyResponse {
  key: string;
}
