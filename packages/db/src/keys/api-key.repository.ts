import { type DataSource, type EntityManager, In, IsNull, Not } from 'typeorm';
import { ApiKeyEntity, type ApiKeyKind, type ApiKeyStatus } from '../entities/api-key.entity';

/** A rolled key in its grace period (locked) and when its successor was last used. */
export interface OpenRotation {
  key: ApiKeyEntity;
  successorLastUsedAt: Date | null;
}

/** A key with its account's status and plan: what the API's guard pipeline needs to decide a request. */
export interface ApiKeyLookup {
  id: string;
  /** The account whose plan and monthly quota the key uses: its organisation's owner. */
  accountId: string;
  /** The member who made the key. */
  creatorAccountId: string;
  organisationId: string;
  projectId: string;
  kind: ApiKeyKind;
  createdAt: Date;
  hint: string;
  status: ApiKeyStatus;
  expiresAt: Date | null;
  scopes: string[];
  allowedIps: string[];
  rateLimit: number | null;
  rateWindowSeconds: number | null;
  /** Default usage tag of calls that send no `x-vigil-tag` header. */
  usageTag: string | null;
  /** A rolled key: its successor and the end of its grace period (it works until then, unless ended earlier). */
  rotatedToKeyId: string | null;
  rotationGraceEndsAt: Date | null;
  /** Suspended when the organisation's owner is, or (a personal key) the member who made it. */
  accountStatus: 'active' | 'suspended';
  plan: string;
  trialPlan: string | null;
  trialEndsAt: Date | null;
  /** The organisation's key policy and its organisation-wide IP allowlist. */
  policyMaxKeyLifetimeSeconds: number | null;
  policyRequireIpAllowlist: boolean;
  policyAllowedScopes: string[] | null;
  policyAllowedIps: string[];
  /** The project's own caps below the plan (null = none): a rate limit over all its keys, a monthly quota. */
  projectRateLimit: number | null;
  projectRateWindowSeconds: number | null;
  projectMonthlyQuota: number | null;
}

/** Requests of one key on one UTC day, by outcome, and the last time the key was used in them. */
export interface KeyUsageDelta {
  keyId: string;
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  allowed: number;
  rateLimited: number;
  denied: number;
  lastUsed: Date;
}

/** Calls of one key on one UTC day under one usage tag (`x-vigil-tag`). */
export interface KeyTagUsageDelta {
  keyId: string;
  day: string;
  tag: string;
  allowed: number;
  rateLimited: number;
}

/** An account's calls under one usage tag over a range. */
export interface TagUsage {
  tag: string;
  allowed: number;
  rateLimited: number;
}

/** A stored day of a key's usage. */
export interface KeyUsageDay {
  keyId: string;
  day: string;
  allowed: number;
  rateLimited: number;
  denied: number;
}

/** An account's keys at a glance. Active = not revoked and not past its expiry. */
export interface AccountKeyStats {
  active: number;
  total: number;
  lastUsedAt: Date | null;
}

/** A row of {@link KEY_LOOKUP_SQL}: the key columns and its account's status and plan. */
export interface KeyLookupRow {
  id: string;
  account_id: string;
  creator_account_id: string;
  organisation_id: string;
  project_id: string;
  kind: ApiKeyKind;
  created_at: Date;
  hint: string;
  status: ApiKeyStatus;
  expires_at: Date | null;
  scopes: string[];
  allowed_ips: string[];
  rate_limit: number | null;
  rate_window_seconds: number | null;
  usage_tag: string | null;
  rotated_to_key_id: string | null;
  rotation_grace_ends_at: Date | null;
  account_status: 'active' | 'suspended';
  plan: string;
  trial_plan: string | null;
  trial_ends_at: Date | null;
  policy_max_key_lifetime_seconds: number | null;
  policy_require_ip_allowlist: boolean;
  policy_allowed_scopes: string[] | null;
  policy_allowed_ips: string[];
  project_rate_limit: number | null;
  project_rate_window_seconds: number | null;
  project_monthly_quota: number | null;
}

/**
 * Columns and join every key lookup reads (by hash here, by CDS issuer in `CdsRepository`); append a WHERE. Plan and
 * quota are the organisation owner's (`a`); a personal key also stops when the member who made it (`mk`) is suspended.
 * Aliases `c` and the like are left to callers that append joins (`CdsRepository` joins `cds_client c`).
 */
export const KEY_LOOKUP_SQL = `SELECT k.id, a.id AS account_id, k.account_id AS creator_account_id, k.organisation_id, k.project_id, k.kind, k.created_at,
              k.hint, k.status, k.expires_at, k.scopes, k.allowed_ips, k.rate_limit, k.rate_window_seconds, k.usage_tag,
              k.rotated_to_key_id, k.rotation_grace_ends_at,
              CASE WHEN a.status = 'suspended' OR (k.kind = 'personal' AND mk.status = 'suspended') THEN 'suspended' ELSE 'active' END AS account_status,
              a.plan, a.trial_plan, a.trial_ends_at,
              o.policy_max_key_lifetime_seconds, o.policy_require_ip_allowlist, o.policy_allowed_scopes, o.policy_allowed_ips,
              p.rate_limit AS project_rate_limit, p.rate_window_seconds AS project_rate_window_seconds, p.monthly_quota AS project_monthly_quota
         FROM api_key k JOIN account mk ON mk.id = k.account_id
         JOIN project p ON p.id = k.project_id
         JOIN organisation o ON o.id = k.organisation_id
         JOIN organisation_member om ON om.organisation_id = k.organisation_id AND om.role = 'owner'
         JOIN account a ON a.id = om.account_id`;

export function keyLookupOf(r: KeyLookupRow): ApiKeyLookup {
  return {
    id: r.id,
    accountId: r.account_id,
    creatorAccountId: r.creator_account_id,
    organisationId: r.organisation_id,
    projectId: r.project_id,
    kind: r.kind,
    createdAt: r.created_at,
    hint: r.hint,
    status: r.status,
    expiresAt: r.expires_at,
    scopes: r.scopes,
    allowedIps: r.allowed_ips,
    rateLimit: r.rate_limit,
    rateWindowSeconds: r.rate_window_seconds,
    usageTag: r.usage_tag,
    rotatedToKeyId: r.rotated_to_key_id,
    rotationGraceEndsAt: r.rotation_grace_ends_at,
    accountStatus: r.account_status,
    plan: r.plan,
    trialPlan: r.trial_plan,
    trialEndsAt: r.trial_ends_at,
    policyMaxKeyLifetimeSeconds: r.policy_max_key_lifetime_seconds,
    policyRequireIpAllowlist: r.policy_require_ip_allowlist,
    policyAllowedScopes: r.policy_allowed_scopes,
    policyAllowedIps: r.policy_allowed_ips,
    projectRateLimit: r.project_rate_limit,
    projectRateWindowSeconds: r.project_rate_window_seconds,
    projectMonthlyQuota: r.project_monthly_quota,
  };
}

/**
 * Every read and write of `api_key` (and its usage) that the two apps make: the API's key lookup and usage flush, the
 * admin app's key management, usage report and account list. One place to change when the table changes. Pass an
 * `EntityManager` to work inside a caller's transaction.
 */
export class ApiKeyRepository {
  constructor(private readonly db: DataSource | EntityManager) {}

  private get manager(): EntityManager {
    return 'manager' in this.db ? this.db.manager : this.db;
  }

  /**
   * The organisation an account's keys go to when none is named (`/api/keys`, and `/api/webhooks` for its endpoints):
   * the oldest live organisation it owns; null when it owns none.
   */
  async defaultOrganisationId(accountId: string): Promise<string | null> {
    const rows: { organisation_id: string }[] = await this.manager.query(
      `SELECT m.organisation_id FROM organisation_member m JOIN organisation o ON o.id = m.organisation_id
        WHERE m.account_id = $1 AND m.role = 'owner' AND o.deleted_at IS NULL ORDER BY o.created_at, o.id LIMIT 1`,
      [accountId],
    );
    return rows[0]?.organisation_id ?? null;
  }

  /** The key with this SHA-256 and its account, or null. */
  async findByHash(hash: string): Promise<ApiKeyLookup | null> {
    const rows: KeyLookupRow[] = await this.manager.query(`${KEY_LOOKUP_SQL} WHERE k.key_hash = $1`, [hash]);
    return rows[0] ? keyLookupOf(rows[0]) : null;
  }

  /**
   * Adds counts to the per-day usage rows and moves `last_used_at` forward, in one transaction. Deltas of keys that no
   * longer exist are dropped.
   */
  async addUsage(deltas: readonly KeyUsageDelta[]): Promise<void> {
    if (!deltas.length) return;
    const col = <T>(f: (d: KeyUsageDelta) => T) => deltas.map(f);
    await this.manager.transaction(async (m) => {
      await m.query(
        `INSERT INTO api_key_usage (key_id, day, allowed, rate_limited, denied)
         SELECT u.id, u.day, u.a, u.r, u.d FROM unnest($1::uuid[], $2::date[], $3::bigint[], $4::bigint[], $5::bigint[]) AS u(id, day, a, r, d)
          WHERE EXISTS (SELECT 1 FROM api_key k WHERE k.id = u.id)
         ON CONFLICT (key_id, day) DO UPDATE SET allowed = api_key_usage.allowed + EXCLUDED.allowed,
           rate_limited = api_key_usage.rate_limited + EXCLUDED.rate_limited, denied = api_key_usage.denied + EXCLUDED.denied`,
        [col((d) => d.keyId), col((d) => d.day), col((d) => d.allowed), col((d) => d.rateLimited), col((d) => d.denied)],
      );
      await m.query(
        `UPDATE api_key k SET last_used_at = GREATEST(COALESCE(k.last_used_at, u.t), u.t)
           FROM (SELECT id, max(t) AS t FROM unnest($1::uuid[], $2::timestamptz[]) AS x(id, t) GROUP BY id) u
          WHERE k.id = u.id`,
        [col((d) => d.keyId), col((d) => d.lastUsed.toISOString())],
      );
    });
  }

  /** Adds tagged counts (same batching as `addUsage`); deltas of keys that no longer exist are dropped. */
  async addTagUsage(deltas: readonly KeyTagUsageDelta[]): Promise<void> {
    if (!deltas.length) return;
    const col = <T>(f: (d: KeyTagUsageDelta) => T) => deltas.map(f);
    await this.manager.query(
      `INSERT INTO api_key_tag_usage (key_id, day, tag, allowed, rate_limited)
       SELECT u.id, u.day, u.tag, u.a, u.r FROM unnest($1::uuid[], $2::date[], $3::text[], $4::bigint[], $5::bigint[]) AS u(id, day, tag, a, r)
        WHERE EXISTS (SELECT 1 FROM api_key k WHERE k.id = u.id)
       ON CONFLICT (key_id, day, tag) DO UPDATE SET allowed = api_key_tag_usage.allowed + EXCLUDED.allowed,
         rate_limited = api_key_tag_usage.rate_limited + EXCLUDED.rate_limited`,
      [col((d) => d.keyId), col((d) => d.day), col((d) => d.tag), col((d) => d.allowed), col((d) => d.rateLimited)],
    );
  }

  /** An account's calls per usage tag from `from` to `to` (inclusive), most calls first. */
  async tagUsage(accountId: string, from: string, to: string): Promise<TagUsage[]> {
    const rows = await this.manager.query<{ tag: string; allowed: string; rate_limited: string }[]>(
      `SELECT u.tag, sum(u.allowed) AS allowed, sum(u.rate_limited) AS rate_limited
         FROM api_key_tag_usage u JOIN api_key k ON k.id = u.key_id
        WHERE k.account_id = $1 AND u.day >= $2::date AND u.day <= $3::date
        GROUP BY u.tag ORDER BY sum(u.allowed) DESC, u.tag`,
      [accountId, from, to],
    );
    return rows.map((r) => ({ tag: r.tag, allowed: Number(r.allowed), rateLimited: Number(r.rate_limited) }));
  }

  /** Stored usage of an account's keys from `from` to `to` (`YYYY-MM-DD`, inclusive). */
  async usageDays(accountId: string, from: string, to: string): Promise<KeyUsageDay[]> {
    const rows: { key_id: string; day: string; allowed: string; rate_limited: string; denied: string }[] = await this.manager.query(
      `SELECT u.key_id, to_char(u.day, 'YYYY-MM-DD') AS day, u.allowed, u.rate_limited, u.denied
         FROM api_key_usage u JOIN api_key k ON k.id = u.key_id
        WHERE k.account_id = $1 AND u.day >= $2::date AND u.day <= $3::date`,
      [accountId, from, to],
    );
    return rows.map((r) => ({ keyId: r.key_id, day: r.day, allowed: Number(r.allowed), rateLimited: Number(r.rate_limited), denied: Number(r.denied) }));
  }

  /** Key counts and last use per account (accounts without keys are absent). */
  async statsByAccount(accountIds: readonly string[]): Promise<Map<string, AccountKeyStats>> {
    const out = new Map<string, AccountKeyStats>();
    if (!accountIds.length) return out;
    const rows: { account_id: string; active: string; total: string; last_used: Date | null }[] = await this.manager.query(
      `SELECT account_id, count(*) FILTER (WHERE status = 'active' AND (expires_at IS NULL OR expires_at > now())) AS active,
              count(*) AS total, max(last_used_at) AS last_used
         FROM api_key WHERE account_id = ANY($1::uuid[]) GROUP BY account_id`,
      [accountIds],
    );
    for (const r of rows) out.set(r.account_id, { active: Number(r.active), total: Number(r.total), lastUsedAt: r.last_used ? new Date(r.last_used) : null });
    return out;
  }

  /** An account's keys, newest first. */
  listByAccount(accountId: string): Promise<ApiKeyEntity[]> {
    return this.manager.find(ApiKeyEntity, { where: { accountId }, order: { createdAt: 'DESC' } });
  }

  /**
   * Keys of the account with status `active` (expired ones not yet marked included: the plan's cap counts them), except
   * rolled keys in their grace period: their successor takes their place.
   */
  countActive(accountId: string): Promise<number> {
    return this.manager.count(ApiKeyEntity, { where: { accountId, status: 'active', rotatedToKeyId: IsNull() } });
  }

  /** {@link countActive} over an organisation: the plan's key cap applies to the organisation as a whole. */
  countActiveInOrganisation(organisationId: string): Promise<number> {
    return this.manager.count(ApiKeyEntity, { where: { organisationId, status: 'active', rotatedToKeyId: IsNull() } });
  }

  /** Calls per UTC day of an organisation's keys (one project's with `projectId`), with each key's project. */
  async organisationUsage(organisationId: string, from: string, to: string, projectId?: string): Promise<(KeyUsageDay & { projectId: string })[]> {
    const rows: { key_id: string; project_id: string; day: string; allowed: string; rate_limited: string; denied: string }[] = await this.manager.query(
      `SELECT u.key_id, k.project_id, to_char(u.day, 'YYYY-MM-DD') AS day, u.allowed, u.rate_limited, u.denied
         FROM api_key_usage u JOIN api_key k ON k.id = u.key_id
        WHERE k.organisation_id = $1 AND ($4::uuid IS NULL OR k.project_id = $4::uuid) AND u.day >= $2::date AND u.day <= $3::date`,
      [organisationId, from, to, projectId ?? null],
    );
    return rows.map((r) => ({
      keyId: r.key_id,
      projectId: r.project_id,
      day: r.day,
      allowed: Number(r.allowed),
      rateLimited: Number(r.rate_limited),
      denied: Number(r.denied),
    }));
  }

  /** Calls per usage tag of an organisation's keys (one project's with `projectId`), most allowed first; as {@link tagUsage}. */
  async organisationTagUsage(organisationId: string, from: string, to: string, projectId?: string): Promise<TagUsage[]> {
    const rows = await this.manager.query<{ tag: string; allowed: string; rate_limited: string }[]>(
      `SELECT u.tag, sum(u.allowed) AS allowed, sum(u.rate_limited) AS rate_limited
         FROM api_key_tag_usage u JOIN api_key k ON k.id = u.key_id
        WHERE k.organisation_id = $1 AND ($4::uuid IS NULL OR k.project_id = $4::uuid) AND u.day >= $2::date AND u.day <= $3::date
        GROUP BY u.tag ORDER BY sum(u.allowed) DESC, u.tag`,
      [organisationId, from, to, projectId ?? null],
    );
    return rows.map((r) => ({ tag: r.tag, allowed: Number(r.allowed), rateLimited: Number(r.rate_limited) }));
  }

  /** An organisation's keys, newest first. */
  listByOrganisation(organisationId: string): Promise<ApiKeyEntity[]> {
    return this.manager.find(ApiKeyEntity, { where: { organisationId }, order: { createdAt: 'DESC' } });
  }

  /** A member's active personal keys in an organisation, locked for update (to revoke them on removal). */
  lockPersonalKeys(organisationId: string, accountId: string): Promise<ApiKeyEntity[]> {
    return this.manager.find(ApiKeyEntity, { where: { organisationId, accountId, kind: 'personal', status: 'active' }, lock: { mode: 'pessimistic_write' } });
  }

  /** Every key of an organisation that is not revoked yet (personal and service, active or expired), locked for update. */
  lockUnrevokedKeys(organisationId: string): Promise<ApiKeyEntity[]> {
    return this.manager.find(ApiKeyEntity, { where: { organisationId, status: Not('revoked') }, order: { createdAt: 'ASC', id: 'ASC' }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * Rolled keys still in their grace period (end not recorded), each with its successor's last use, locked for update;
   * rows another transaction holds are skipped (several admin instances may sweep at once). At most `limit`, oldest
   * grace end first; `afterId` continues after a previous batch's last key (keyset paging by grace end and id, compared
   * with the stored values, not a millisecond copy).
   */
  async lockOpenRotations(limit: number, afterId?: string): Promise<OpenRotation[]> {
    const rows: { id: string; successor_last_used_at: Date | null }[] = await this.manager.query(
      `SELECT k.id, s.last_used_at AS successor_last_used_at
         FROM api_key k LEFT JOIN api_key s ON s.id = k.rotated_to_key_id
        WHERE k.rotation_grace_ends_at IS NOT NULL AND k.rotation_ended_at IS NULL
          AND ($2::uuid IS NULL OR (k.rotation_grace_ends_at, k.id) > (SELECT c.rotation_grace_ends_at, c.id FROM api_key c WHERE c.id = $2::uuid))
        ORDER BY k.rotation_grace_ends_at, k.id
        LIMIT $1
          FOR UPDATE OF k SKIP LOCKED`,
      [limit, afterId ?? null],
    );
    if (!rows.length) return [];
    const keys = await this.manager.find(ApiKeyEntity, { where: { id: In(rows.map((r) => r.id)) } });
    const byId = new Map(keys.map((k) => [k.id, k]));
    return rows.flatMap((r) => {
      const key = byId.get(r.id);
      return key ? [{ key, successorLastUsedAt: r.successor_last_used_at ? new Date(r.successor_last_used_at) : null }] : [];
    });
  }

  /** A key by id, within one account when `accountId` is given; `lock` takes a row lock for a change. */
  findById(id: string, accountId: string | null, lock = false): Promise<ApiKeyEntity | null> {
    return this.manager.findOne(ApiKeyEntity, {
      where: { id, ...(accountId ? { accountId } : {}) },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }

  /** Inserts a new key (its `id` and `createdAt` are filled in). */
  insert(
    fields: Pick<ApiKeyEntity, 'accountId' | 'keyHash' | 'hint' | 'label' | 'scopes' | 'allowedIps' | 'rateLimit' | 'rateWindowSeconds' | 'expiresAt'> &
      Partial<Pick<ApiKeyEntity, 'usageTag' | 'rotatedFromKeyId' | 'organisationId' | 'projectId' | 'kind'>>,
  ): Promise<ApiKeyEntity> {
    return this.manager.save(this.manager.create(ApiKeyEntity, fields));
  }

  /** Writes a changed key. */
  save(key: ApiKeyEntity): Promise<ApiKeyEntity> {
    return this.manager.save(key);
  }
}
