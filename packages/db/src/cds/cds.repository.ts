import type { DataSource, EntityManager } from 'typeorm';
import { type ApiKeyLookup, KEY_LOOKUP_SQL, type KeyLookupRow, keyLookupOf } from '../keys/api-key.repository';

/** A JSON Web Key Set as stored: public keys only (checked when registered). */
export interface StoredJwks {
  keys: Record<string, unknown>[];
}

/** The key a CDS issuer is registered on, with what the API's guards need, and the issuer's public keys. */
export interface CdsClientLookup {
  issuer: string;
  jwks: StoredJwks;
  key: ApiKeyLookup;
}

export interface CdsClientRecord {
  keyId: string;
  issuer: string;
  jwks: StoredJwks;
  createdAt: Date;
  updatedAt: Date;
}

export interface CdsFeedbackRecord {
  accountId: string;
  keyId: string | null;
  serviceId: string;
  cardUuid: string;
  outcome: 'accepted' | 'overridden';
  reasonSystem: string | null;
  reasonCode: string | null;
  userComment: string | null;
  outcomeAt: Date;
}

/** Override statistics of one rule (optionally of one account). */
export interface CdsOverrideRow {
  accountId: string | null;
  ruleId: string | null;
  accepted: number;
  overridden: number;
  topReason: string | null;
}

interface ClientRow {
  key_id: string;
  issuer: string;
  jwks: StoredJwks;
  created_at: Date;
  updated_at: Date;
}

const clientOf = (r: ClientRow): CdsClientRecord => ({ keyId: r.key_id, issuer: r.issuer, jwks: r.jwks, createdAt: r.created_at, updatedAt: r.updated_at });

/** Every read and write of the CDS Hooks tables (`cds_client`, `cds_jwt_replay`, `cds_card`, `cds_feedback`). */
export class CdsRepository {
  constructor(private readonly db: DataSource | EntityManager) {}

  private get manager(): EntityManager {
    return 'manager' in this.db ? this.db.manager : this.db;
  }

  async findClientByIssuer(issuer: string): Promise<CdsClientLookup | null> {
    const rows: (KeyLookupRow & { issuer: string; jwks: StoredJwks })[] = await this.manager.query(
      `${KEY_LOOKUP_SQL.replace('SELECT ', 'SELECT c.issuer, c.jwks, ')} JOIN cds_client c ON c.key_id = k.id WHERE c.issuer = $1`,
      [issuer],
    );
    const r = rows[0];
    return r ? { issuer: r.issuer, jwks: r.jwks, key: keyLookupOf(r) } : null;
  }

  async findClientByKey(keyId: string): Promise<CdsClientRecord | null> {
    const rows: ClientRow[] = await this.manager.query(`SELECT key_id, issuer, jwks, created_at, updated_at FROM cds_client WHERE key_id = $1`, [keyId]);
    return rows[0] ? clientOf(rows[0]) : null;
  }

  /** Registers (or replaces) the issuer of a key: the stored registration, or null when another key holds the issuer. */
  async upsertClient(keyId: string, issuer: string, jwks: StoredJwks): Promise<CdsClientRecord | null> {
    try {
      const rows: ClientRow[] = await this.manager.query(
        `INSERT INTO cds_client (key_id, issuer, jwks) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (key_id) DO UPDATE SET issuer = EXCLUDED.issuer, jwks = EXCLUDED.jwks, updated_at = now()
         RETURNING key_id, issuer, jwks, created_at, updated_at`,
        [keyId, issuer, JSON.stringify(jwks)],
      );
      return clientOf(rows[0]);
    } catch (error) {
      // The issuer is unique across keys: another key holds it.
      if ((error as { code?: string }).code === '23505') return null;
      throw error;
    }
  }

  async deleteClient(keyId: string): Promise<boolean> {
    const [, count]: [unknown, number] = await this.manager.query(`DELETE FROM cds_client WHERE key_id = $1`, [keyId]);
    return count > 0;
  }

  /** Moves a key's CDS client registration to another key (a roll's successor); false when it had none. */
  async moveClient(fromKeyId: string, toKeyId: string): Promise<boolean> {
    const [, count]: [unknown, number] = await this.manager.query(`UPDATE cds_client SET key_id = $2 WHERE key_id = $1`, [fromKeyId, toKeyId]);
    return count > 0;
  }

  /** Records a JWT id; false when it was already used (and has not expired). Expired ids are purged on the way. */
  async claimJwtId(issuer: string, jti: string, expiresAt: Date): Promise<boolean> {
    if (Math.random() < 0.01) await this.manager.query(`DELETE FROM cds_jwt_replay WHERE expires_at < now()`);
    const rows: unknown[] = await this.manager.query(
      `INSERT INTO cds_jwt_replay (issuer, jti, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (issuer, jti) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE cds_jwt_replay.expires_at < now()
       RETURNING jti`,
      [issuer, jti, expiresAt],
    );
    return rows.length > 0;
  }

  /** Remembers which rule and drugs a card uuid stands for (first sighting wins; the uuid is derived from them). */
  async rememberCards(cards: readonly { uuid: string; ruleId: string; ingredients: string[]; severity: string }[]): Promise<void> {
    if (!cards.length) return;
    await this.manager.query(
      `INSERT INTO cds_card (uuid, rule_id, ingredients, severity)
       SELECT u.uuid, u.rule_id, string_to_array(u.ingredients, ','), u.severity
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS u(uuid, rule_id, ingredients, severity)
       ON CONFLICT (uuid) DO NOTHING`,
      [cards.map((c) => c.uuid), cards.map((c) => c.ruleId), cards.map((c) => c.ingredients.join(',')), cards.map((c) => c.severity)],
    );
  }

  /** Stores feedback entries with the rule of each card (null for a card Vigil never issued). */
  async addFeedback(entries: readonly CdsFeedbackRecord[]): Promise<void> {
    if (!entries.length) return;
    const col = <T>(f: (e: CdsFeedbackRecord) => T) => entries.map(f);
    await this.manager.query(
      `INSERT INTO cds_feedback (account_id, key_id, service_id, card_uuid, rule_id, outcome, reason_system, reason_code, user_comment, outcome_at)
       SELECT u.account_id, u.key_id, u.service_id, u.card_uuid, c.rule_id, u.outcome, u.reason_system, u.reason_code, u.user_comment, u.outcome_at
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[])
              AS u(account_id, key_id, service_id, card_uuid, outcome, reason_system, reason_code, user_comment, outcome_at)
         LEFT JOIN cds_card c ON c.uuid = u.card_uuid`,
      [
        col((e) => e.accountId),
        col((e) => e.keyId),
        col((e) => e.serviceId),
        col((e) => e.cardUuid),
        col((e) => e.outcome),
        col((e) => e.reasonSystem),
        col((e) => e.reasonCode),
        col((e) => e.userComment),
        col((e) => e.outcomeAt),
      ],
    );
  }

  /**
   * Accepted and overridden counts per rule (and per account when `byAccount`), most overridden first, with the most
   * frequent override reason. `accountId` restricts to one account.
   */
  async overrideStats(options: { byAccount: boolean; accountId?: string; since?: Date; limit?: number }): Promise<CdsOverrideRow[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (options.accountId) where.push(`f.account_id = $${params.push(options.accountId)}`);
    if (options.since) where.push(`f.received_at >= $${params.push(options.since)}`);
    const group = options.byAccount ? 'f.account_id, f.rule_id' : 'f.rule_id';
    const limit = `$${params.push(Math.min(Math.max(options.limit ?? 500, 1), 5000))}`;
    const rows: { account_id: string | null; rule_id: string | null; accepted: string; overridden: string; top_reason: string | null }[] = await this.manager.query(
      `SELECT ${options.byAccount ? 'f.account_id' : 'NULL::uuid AS account_id'}, f.rule_id,
              count(*) FILTER (WHERE f.outcome = 'accepted') AS accepted,
              count(*) FILTER (WHERE f.outcome = 'overridden') AS overridden,
              mode() WITHIN GROUP (ORDER BY f.reason_code) FILTER (WHERE f.outcome = 'overridden' AND f.reason_code IS NOT NULL) AS top_reason
         FROM cds_feedback f ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        GROUP BY ${group}
        ORDER BY count(*) FILTER (WHERE f.outcome = 'overridden') DESC, count(*) DESC, f.rule_id
        LIMIT ${limit}`,
      params,
    );
    return rows.map((r) => ({ accountId: r.account_id, ruleId: r.rule_id, accepted: Number(r.accepted), overridden: Number(r.overridden), topReason: r.top_reason }));
  }

  /** Accepted and overridden counts over all the feedback `overrideStats` would group (same filters, no limit). */
  async overrideTotals(options: { accountId?: string; since?: Date }): Promise<{ accepted: number; overridden: number }> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (options.accountId) where.push(`f.account_id = $${params.push(options.accountId)}`);
    if (options.since) where.push(`f.received_at >= $${params.push(options.since)}`);
    const [r]: { accepted: string; overridden: string }[] = await this.manager.query(
      `SELECT count(*) FILTER (WHERE f.outcome = 'accepted') AS accepted, count(*) FILTER (WHERE f.outcome = 'overridden') AS overridden
         FROM cds_feedback f ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      params,
    );
    return { accepted: Number(r.accepted), overridden: Number(r.overridden) };
  }
}
