import { Inject, Injectable } from '@nestjs/common';
import { allowlistErrors, generateApiKey, hashApiKey, keyHint, orgMay, orgPolicyViolations, type OrgPolicyKeyFacts } from '@vigil/auth';
import {
  type ApiKeyResponse,
  type ApiKeyRotation,
  type CreateApiKeyRequest,
  type CreatedApiKeyResponse,
  DEFAULT_ROTATION_IDLE_SECONDS,
  PUBLIC_SCOPES,
  type PlanDefinition,
  type RollApiKeyRequest,
  type RolledApiKeyResponse,
  type UpdateApiKeyRequest,
  effectivePlanId,
} from '@vigil/contracts';
import { AccountEntity, type ApiKeyEntity, ApiKeyRepository, CdsRepository, OrganisationEntity, OrganisationMemberEntity, ProjectEntity } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../common/actor';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';
import { KeyEventsPublisher } from './key-events.publisher';
import { type RateLimitSetting, withinPlan } from './key-rate-limit.policy';
import { WebhookOutbox, keyAudience, webhookKeyData } from '../webhooks/webhook-outbox';
import { rotationDecision } from './key-rotation.policy';

const ROLLED_SUFFIX = ' (rolled)';

/** `accountId` null = an internal admin acting on any account; `organisationId` limits to one organisation's keys. */
export type KeyScope = { accountId: string | null; organisationId?: string };

/** Where a new key goes: an organisation (default: the first one the account owns) and a project (default: its first). */
export interface KeyTarget {
  organisationId?: string;
  projectId?: string;
  kind?: 'personal' | 'service';
}

/**
 * Key lifecycle. Only SHA-256 and a hint are stored; the full key leaves this service once, in `create`'s result.
 * Changes are audited and announced (NOTIFY) in the same transaction; calls return once the change is enforced.
 */
@Injectable()
export class KeysService {
  private readonly webhooks = new WebhookOutbox();

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly events: KeyEventsPublisher,
    private readonly accounts: AccountsService,
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
  ) {}

  /**
   * Creates a key for `accountId` (its maker) in `target`'s organisation and project (default: the first organisation
   * the account owns, its first project). The plan and key cap are the organisation owner's; the organisation's key
   * policy is checked here (the same codes the API answers for an existing key that breaks it).
   */
  async create(accountId: string, dto: CreateApiKeyRequest, actor: Actor, target: KeyTarget = {}): Promise<CreatedApiKeyResponse> {
    this.checkAllowlist(dto.allowedIps);
    const expiresAt = this.parseExpiry(dto.expiresAt);
    const key = generateApiKey(this.config.VIGIL_KEY_PREFIX);
    let wait: (() => Promise<void>) | undefined;
    const { entity, account } = await this.dataSource.transaction(async (m) => {
      const maker = await m.findOne(AccountEntity, { where: { id: accountId }, lock: { mode: 'pessimistic_write' } });
      if (!maker) throw new ProblemException('NotFound', { detail: 'Account not found.' });
      // The owner must have proved the address first; an admin or the operator creating a key vouches for it.
      if (maker.emailVerifiedAt === null && actor.type === 'account') {
        throw new ProblemException('EmailUnverified', { detail: `Verify ${maker.email} first: follow the link in the email we sent, or ask for a new one on the dashboard.` });
      }
      const { organisation, project, owner: account } = await this.resolveTarget(m, accountId, target);
      const plan = this.accounts.plan(effectivePlanId(account));
      const keys = new ApiKeyRepository(m);
      const active = await keys.countActiveInOrganisation(organisation.id);
      if (active >= plan.maxKeys) throw new ProblemException('Conflict', { detail: `The ${plan.name} plan allows ${plan.maxKeys} active keys; revoke one first.` });
      this.checkRateLimit(dto.rateLimit, plan, actor);
      const scopes = dto.scopes ?? [...PUBLIC_SCOPES];
      this.checkOrgPolicy(organisation, { createdAt: Date.now(), expiresAt: expiresAt?.getTime() ?? null, allowedIps: dto.allowedIps ?? [], scopes });
      const entity = await keys.insert({
        accountId,
        organisationId: organisation.id,
        projectId: project.id,
        kind: target.kind ?? 'personal',
        keyHash: hashApiKey(key),
        hint: keyHint(this.config.VIGIL_KEY_PREFIX, key),
        label: dto.label.trim() || dto.label,
        scopes,
        allowedIps: dto.allowedIps ?? [],
        rateLimit: dto.rateLimit?.limit ?? null,
        rateWindowSeconds: dto.rateLimit?.windowSeconds ?? null,
        expiresAt,
        usageTag: dto.usageTag ?? null,
      });
      await this.audit.record(m, actor, {
        organisationId: entity.organisationId,
        action: 'key.create',
        targetType: 'api_key',
        targetId: entity.id,
        after: this.auditViewWithPlan(entity, plan),
      });
      await this.webhooks.emit(m, 'key.created', keyAudience(entity), {
        ...webhookKeyData(entity),
        scopes: entity.scopes,
        expiresAt: entity.expiresAt?.toISOString() ?? null,
        createdBy: actor.type,
      });
      // A new key may sit in an instance's negative cache if someone probed it: `created` clears those.
      wait = await this.events.publish(m, { type: 'key', keyId: entity.id, created: true });
      return { entity, account };
    });
    await wait?.();
    return { ...this.view(entity, account), key };
  }

  /** The personal keys an account made (in every organisation), or with `organisationId` all of one organisation's keys. */
  async list(scope: KeyScope & { accountId: string | null }): Promise<ApiKeyResponse[]> {
    const repo = new ApiKeyRepository(this.dataSource);
    // An account's own list: its personal keys (service keys belong to their project, listed under the organisation).
    const keys = scope.organisationId
      ? await repo.listByOrganisation(scope.organisationId)
      : scope.accountId
        ? (await repo.listByAccount(scope.accountId)).filter((k) => k.kind === 'personal')
        : [];
    const owners = new Map<string, AccountEntity>();
    for (const orgId of new Set(keys.map((k) => k.organisationId))) owners.set(orgId, await this.ownerOf(this.dataSource.manager, orgId));
    const byId = new Map(keys.map((k) => [k.id, k]));
    return keys.map((k) => this.view(k, owners.get(k.organisationId)!, k.rotatedFromKeyId ? byId.get(k.rotatedFromKeyId) : undefined));
  }

  async get(scope: KeyScope, id: string): Promise<ApiKeyResponse> {
    const { key, account } = await this.load(this.dataSource.manager, scope, id);
    return this.view(key, account, await this.predecessorOf(this.dataSource.manager, key));
  }

  /**
   * Rolls a key: a successor with the same settings (its full key returned once), and the old key kept working for
   * the grace period, ended early by {@link KeyRotationSweepService} once the successor is used and the old key idle.
   * Grace 0 revokes the old key in the same transaction. The successor takes the old key's place in the plan's key
   * count, and the key's CDS client registration moves to it. Audited as `key.roll`; both keys are announced.
   */
  async roll(scope: KeyScope, id: string, dto: RollApiKeyRequest, actor: Actor): Promise<RolledApiKeyResponse> {
    const key = generateApiKey(this.config.VIGIL_KEY_PREFIX);
    const waits: (() => Promise<void>)[] = [];
    const result = await this.dataSource.transaction(async (m) => {
      const { key: old, account } = await this.load(m, scope, id, true);
      if (old.rotatedToKeyId) {
        throw new ProblemException('KeyAlreadyRotating', { detail: `This key was already rolled (successor ${old.rotatedToKeyId}); roll the successor instead.` });
      }
      const now = new Date();
      const status = this.effectiveStatus(old, now);
      if (status !== 'active') throw new ProblemException('KeyNotActive', { detail: `A ${status} key cannot be rolled; create a new key instead.` });
      const keys = new ApiKeyRepository(m);
      this.checkOrgPolicy(await this.organisationOf(m, old), {
        createdAt: now.getTime(),
        expiresAt: old.expiresAt?.getTime() ?? null,
        allowedIps: old.allowedIps,
        scopes: old.scopes,
      });
      const successor = await keys.insert({
        accountId: old.accountId,
        organisationId: old.organisationId,
        projectId: old.projectId,
        kind: old.kind,
        keyHash: hashApiKey(key),
        hint: keyHint(this.config.VIGIL_KEY_PREFIX, key),
        label: old.label.endsWith(ROLLED_SUFFIX) ? old.label : old.label.slice(0, 100 - ROLLED_SUFFIX.length) + ROLLED_SUFFIX,
        scopes: old.scopes,
        allowedIps: old.allowedIps,
        rateLimit: old.rateLimit,
        rateWindowSeconds: old.rateWindowSeconds,
        expiresAt: old.expiresAt,
        usageTag: old.usageTag,
        rotatedFromKeyId: old.id,
      });
      const before = { status: old.status };
      old.rotatedToKeyId = successor.id;
      old.rotationGraceEndsAt = new Date(now.getTime() + dto.gracePeriodSeconds * 1000);
      old.rotationIdleSeconds = dto.idleSeconds ?? DEFAULT_ROTATION_IDLE_SECONDS;
      if (dto.gracePeriodSeconds === 0) {
        old.status = 'revoked';
        old.revokedAt = now;
        old.rotationEndedAt = now;
        old.rotationEndReason = 'revoked';
      }
      await keys.save(old);
      const cdsClientMoved = await new CdsRepository(m).moveClient(old.id, successor.id);
      await this.audit.record(m, actor, {
        organisationId: old.organisationId,
        action: 'key.roll',
        targetType: 'api_key',
        targetId: old.id,
        before,
        after: {
          status: old.status,
          successorId: successor.id,
          graceEndsAt: old.rotationGraceEndsAt.toISOString(),
          idleSeconds: old.rotationIdleSeconds,
          cdsClientMoved,
          successor: this.auditViewWithPlan(successor, this.accounts.plan(effectivePlanId(account))),
        },
      });
      // Webhooks: the successor is a new key; with no grace the old one is revoked now.
      await this.webhooks.emit(m, 'key.created', keyAudience(successor), {
        ...webhookKeyData(successor),
        scopes: successor.scopes,
        expiresAt: successor.expiresAt?.toISOString() ?? null,
        createdBy: actor.type,
        rolledFromKeyId: old.id,
      });
      if (old.status === 'revoked') {
        await this.webhooks.emit(m, 'key.revoked', keyAudience(old), { ...webhookKeyData(old), revokedAt: now.toISOString(), revokedBy: actor.type, rolledToKeyId: successor.id });
      }
      waits.push(await this.events.publish(m, { type: 'key', keyId: successor.id, created: true }));
      waits.push(await this.events.publish(m, { type: 'key', keyId: old.id }));
      return { successor: { ...this.view(successor, account, old), key }, previous: this.view(old, account) };
    });
    await Promise.all(waits.map((w) => w()));
    return result;
  }

  /** The key a successor replaces, for its `rotation` view (none when it is not a successor). */
  async predecessorOf(m: EntityManager, key: ApiKeyEntity): Promise<ApiKeyEntity | undefined> {
    if (!key.rotatedFromKeyId) return undefined;
    return (await new ApiKeyRepository(m).findById(key.rotatedFromKeyId, key.accountId)) ?? undefined;
  }

  async update(scope: KeyScope, id: string, dto: UpdateApiKeyRequest, actor: Actor): Promise<ApiKeyResponse> {
    this.checkAllowlist(dto.allowedIps);
    const expiresAt = dto.expiresAt === undefined ? undefined : this.parseExpiry(dto.expiresAt);
    let wait: (() => Promise<void>) | undefined;
    const result = await this.dataSource.transaction(async (m) => {
      const { key, account } = await this.load(m, scope, id, true);
      if (key.status === 'revoked') throw new ProblemException('Conflict', { detail: 'A revoked key cannot be changed.' });
      const before = this.auditView(key);
      if (dto.label !== undefined) key.label = dto.label;
      if (dto.scopes !== undefined) key.scopes = dto.scopes;
      if (dto.allowedIps !== undefined) key.allowedIps = dto.allowedIps;
      if (dto.rateLimit !== undefined) {
        this.checkRateLimit(dto.rateLimit, this.accounts.plan(effectivePlanId(account)), actor);
        key.rateLimit = dto.rateLimit?.limit ?? null;
        key.rateWindowSeconds = dto.rateLimit?.windowSeconds ?? null;
      }
      if (expiresAt !== undefined) key.expiresAt = expiresAt;
      if (dto.usageTag !== undefined) key.usageTag = dto.usageTag;
      if (dto.scopes !== undefined || dto.allowedIps !== undefined || expiresAt !== undefined) {
        this.checkOrgPolicy(await this.organisationOf(m, key), {
          createdAt: key.createdAt.getTime(),
          expiresAt: key.expiresAt?.getTime() ?? null,
          allowedIps: key.allowedIps,
          scopes: key.scopes,
        });
      }
      await new ApiKeyRepository(m).save(key);
      await this.audit.record(m, actor, {
        organisationId: key.organisationId,
        action: 'key.update',
        targetType: 'api_key',
        targetId: key.id,
        before,
        after: this.auditViewWithPlan(key, this.accounts.plan(effectivePlanId(account))),
      });
      wait = await this.events.publish(m, { type: 'key', keyId: key.id });
      return this.view(key, account, await this.predecessorOf(m, key));
    });
    await wait?.();
    return result;
  }

  async revoke(scope: KeyScope, id: string, actor: Actor): Promise<ApiKeyResponse> {
    let wait: (() => Promise<void>) | undefined;
    const result = await this.dataSource.transaction(async (m) => {
      const { key, account } = await this.load(m, scope, id, true);
      wait = await this.revokeRecorded(m, key, actor);
      return this.view(key, account, await this.predecessorOf(m, key));
    });
    await wait?.();
    return result;
  }

  /**
   * Revokes a key loaded (and locked) in `m` as {@link markRevoked} does, records `key.revoke` in its organisation's
   * audit chain (with `reason` when given) and queues `key.revoked` for its organisation's webhooks. Returns what to
   * await after commit, or undefined (nothing recorded) when the key was already revoked.
   */
  async revokeRecorded(m: EntityManager, key: ApiKeyEntity, actor: Actor, reason?: string): Promise<(() => Promise<void>) | undefined> {
    const before = { status: key.status };
    const wait = await this.markRevoked(m, key);
    if (!wait) return undefined;
    const revokedAt = key.revokedAt!.toISOString();
    await this.audit.record(m, actor, {
      organisationId: key.organisationId,
      action: 'key.revoke',
      targetType: 'api_key',
      targetId: key.id,
      before,
      after: { status: 'revoked', revokedAt, ...(reason ? { reason } : {}) },
    });
    await this.webhooks.emit(m, 'key.revoked', keyAudience(key), { ...webhookKeyData(key), revokedAt, revokedBy: actor.type });
    return wait;
  }

  /**
   * Revokes a key loaded (and locked) in `m`: saved, and announced to every API instance. Returns what to await for
   * the announcement after commit, or undefined when the key was already revoked. The caller records the audit event.
   */
  async markRevoked(m: EntityManager, key: ApiKeyEntity): Promise<(() => Promise<void>) | undefined> {
    if (key.status === 'revoked') return undefined;
    key.status = 'revoked';
    key.revokedAt = new Date();
    // Revoking a rolled key in its grace ends the roll.
    if (key.rotationGraceEndsAt && !key.rotationEndedAt) {
      key.rotationEndedAt = key.revokedAt;
      key.rotationEndReason = 'revoked';
    }
    await new ApiKeyRepository(m).save(key);
    return this.events.publish(m, { type: 'key', keyId: key.id });
  }

  /** Not found and not yours look the same: a 404, so ids of other accounts' keys leak nothing. */
  async load(m: EntityManager, scope: KeyScope, id: string, lock = false): Promise<{ key: ApiKeyEntity; account: AccountEntity }> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ProblemException('NotFound', { detail: 'Key not found.' });
    const key = await new ApiKeyRepository(m).findById(id, scope.accountId, lock);
    if (!key || (scope.organisationId && key.organisationId !== scope.organisationId)) throw new ProblemException('NotFound', { detail: 'Key not found.' });
    if (scope.accountId && !scope.organisationId) await this.checkMakerMayManage(m, key, scope.accountId, lock);
    return { key, account: await this.ownerOf(m, key.organisationId) };
  }

  /**
   * The personal routes (`/api/keys/:id`, the key's CDS client) reach only the maker's personal keys, and only while the
   * maker is a member of the key's organisation: a service key belongs to its project (managed under `/api/orgs`), and
   * someone who left keeps no hold on it. A change (`lock`) also needs a role that may manage its own keys.
   */
  private async checkMakerMayManage(m: EntityManager, key: ApiKeyEntity, accountId: string, change: boolean): Promise<void> {
    if (key.kind !== 'personal') throw new ProblemException('NotFound', { detail: 'Key not found.' });
    const member = await m.findOne(OrganisationMemberEntity, { where: { organisationId: key.organisationId, accountId } });
    if (!member) throw new ProblemException('NotFound', { detail: 'Key not found.' });
    if (change && !orgMay(member.role, 'keys.manage_own')) {
      throw new ProblemException('OrgPermissionDenied', { detail: `A ${member.role} of the key's organisation may not change keys, their own included.` });
    }
  }

  /** The organisation's owner: the account whose plan and quota its keys use. */
  async ownerOf(m: EntityManager, organisationId: string): Promise<AccountEntity> {
    const owner = await m.findOneOrFail(OrganisationMemberEntity, { where: { organisationId, role: 'owner' } });
    return m.findOneOrFail(AccountEntity, { where: { id: owner.accountId } });
  }

  private async organisationOf(m: EntityManager, key: ApiKeyEntity): Promise<OrganisationEntity> {
    return m.findOneOrFail(OrganisationEntity, { where: { id: key.organisationId } });
  }

  /**
   * The organisation (read under a share lock, so a policy change in flight finishes first), project and owner of a
   * new key. Without a target: the first organisation the account owns.
   */
  private async resolveTarget(m: EntityManager, accountId: string, target: KeyTarget): Promise<{ organisation: OrganisationEntity; project: ProjectEntity; owner: AccountEntity }> {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    if (target.organisationId !== undefined && !uuid.test(target.organisationId)) throw new ProblemException('NotFound', { detail: 'Organisation not found.' });
    if (target.projectId !== undefined && !uuid.test(target.projectId)) throw new ProblemException('NotFound', { detail: 'Project not found.' });
    let organisationId = target.organisationId;
    if (!organisationId) {
      organisationId = (await new ApiKeyRepository(m).defaultOrganisationId(accountId)) ?? undefined;
      if (!organisationId) throw new ProblemException('NotFound', { detail: 'The account owns no organisation to create the key in: create one first.' });
    }
    const organisation = await m.findOne(OrganisationEntity, { where: { id: organisationId }, lock: { mode: 'pessimistic_read' } });
    if (!organisation || organisation.deletedAt) throw new ProblemException('NotFound', { detail: 'Organisation not found.' });
    const project = target.projectId
      ? await m.findOne(ProjectEntity, { where: { id: target.projectId, organisationId } })
      : await m.findOne(ProjectEntity, { where: { organisationId }, order: { createdAt: 'ASC', id: 'ASC' } });
    if (!project) throw new ProblemException('NotFound', { detail: 'Project not found.' });
    return { organisation, project, owner: await this.ownerOf(m, organisationId) };
  }

  /** Refuses a key that breaks its organisation's key policy, with the code naming the first rule broken. */
  private checkOrgPolicy(organisation: OrganisationEntity, key: OrgPolicyKeyFacts): void {
    const violations = orgPolicyViolations(key, {
      maxKeyLifetimeSeconds: organisation.policyMaxKeyLifetimeSeconds,
      requireIpAllowlist: organisation.policyRequireIpAllowlist,
      allowedScopes: organisation.policyAllowedScopes,
    });
    if (!violations.length) return;
    throw new ProblemException(violations[0].key, {
      detail: `The key does not comply with the key policy of ${organisation.name}: ${violations.map((v) => v.message).join('; ')}.`,
      errors: violations.map((v) => ({ pointer: v.pointer, code: 'org_policy', message: v.message })),
    });
  }

  /**
   * A key's own rate limit may only be at or below its plan's ({@link withinPlan}). Only an internal admin (or the
   * operator CLI) may grant more; the grant is audited with the key change, marked `rateLimitAbovePlan`.
   */
  private checkRateLimit(limit: RateLimitSetting | null | undefined, plan: PlanDefinition, actor: Actor): void {
    if (!limit || withinPlan(limit, plan.rateLimit)) return;
    if (actor.type === 'admin' || actor.type === 'cli') return;
    throw new ProblemException('RateLimitAbovePlan', {
      detail: `The ${plan.name} plan allows at most ${plan.rateLimit.limit} requests per ${plan.rateLimit.windowSeconds} s; a key's own limit can only be lower (ask an administrator for more).`,
      errors: [{ pointer: '/rateLimit', code: 'above_plan', message: `must not exceed ${plan.rateLimit.limit} per ${plan.rateLimit.windowSeconds} s in rate or burst` }],
    });
  }

  private checkAllowlist(ips: string[] | undefined): void {
    if (!ips) return;
    const errors = allowlistErrors(ips);
    if (errors.length) {
      throw new ProblemException('ValidationFailed', {
        detail: errors.map((e) => e.message).join('; '),
        errors: errors.map((e) => ({ pointer: `/allowedIps/${e.index}`, code: 'format', message: e.message })),
      });
    }
  }

  private parseExpiry(value: string | null | undefined): Date | null {
    if (value === undefined || value === null) return null;
    const d = new Date(value);
    if (Number.isNaN(d.getTime()) || d.getTime() <= Date.now()) {
      throw new ProblemException('ValidationFailed', {
        detail: 'expiresAt must be a future ISO 8601 time.',
        errors: [{ pointer: '/expiresAt', code: 'future_date', message: 'must be in the future' }],
      });
    }
    return d;
  }

  /** Stored status, or `expired` once the key's expiry or (a rolled key) its grace period has passed. */
  private effectiveStatus(k: ApiKeyEntity, now: Date): ApiKeyEntity['status'] {
    if (k.status !== 'active') return k.status;
    if (k.expiresAt && k.expiresAt.getTime() <= now.getTime()) return 'expired';
    if (k.rotationGraceEndsAt && (k.rotationEndedAt || k.rotationGraceEndsAt.getTime() <= now.getTime())) return 'expired';
    return 'active';
  }

  /**
   * A key's `rotation`: its own (outgoing) roll when it was rolled, else the roll that created it (`predecessor`, when
   * loaded). The state comes from {@link rotationDecision}; an early end shows once the sweep has recorded it.
   */
  private rotationView(k: ApiKeyEntity, predecessor: ApiKeyEntity | undefined, now: Date): ApiKeyRotation | null {
    const old = k.rotatedToKeyId ? k : predecessor?.rotatedToKeyId === k.id ? predecessor : undefined;
    if (!old?.rotationGraceEndsAt || old.rotationIdleSeconds === null) return null;
    const decision = rotationDecision(
      {
        graceEndsAt: old.rotationGraceEndsAt,
        idleSeconds: old.rotationIdleSeconds,
        endedAt: old.rotationEndedAt,
        endReason: old.rotationEndReason,
        oldStatus: old.status,
        oldLastUsedAt: old.lastUsedAt,
        successorLastUsedAt: null,
      },
      now,
    );
    return {
      state: decision.over ? 'ended' : 'grace',
      successorId: k.rotatedToKeyId,
      predecessorId: k.rotatedFromKeyId,
      graceEndsAt: old.rotationGraceEndsAt.toISOString(),
      idleSeconds: old.rotationIdleSeconds,
      endedAt: decision.over ? decision.endedAt.toISOString() : null,
      endedReason: decision.over ? decision.reason : null,
    };
  }

  view(k: ApiKeyEntity, account: AccountEntity, predecessor?: ApiKeyEntity): ApiKeyResponse {
    const now = new Date();
    const status = this.effectiveStatus(k, now);
    const plan = this.accounts.plan(effectivePlanId(account));
    const rateLimit = k.rateLimit && k.rateWindowSeconds ? { limit: k.rateLimit, windowSeconds: k.rateWindowSeconds } : null;
    return {
      id: k.id,
      label: k.label,
      hint: k.hint,
      organisationId: k.organisationId,
      projectId: k.projectId,
      kind: k.kind,
      createdBy: k.accountId,
      status,
      scopes: k.scopes,
      allowedIps: k.allowedIps,
      rateLimit,
      effectiveRateLimit: rateLimit ?? plan.rateLimit,
      expiresAt: k.expiresAt?.toISOString() ?? null,
      usageTag: k.usageTag,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      revokedAt: k.revokedAt?.toISOString() ?? null,
      rotation: this.rotationView(k, predecessor, now),
    };
  }

  /** What audit events may hold about a key: never the key or its hash. */
  private auditView(k: ApiKeyEntity): Record<string, unknown> {
    return {
      label: k.label,
      hint: k.hint,
      status: k.status,
      scopes: k.scopes,
      allowedIps: k.allowedIps,
      rateLimit: k.rateLimit ? { limit: k.rateLimit, windowSeconds: k.rateWindowSeconds } : null,
      expiresAt: k.expiresAt?.toISOString() ?? null,
      usageTag: k.usageTag,
    };
  }

  /** The audit view, marking a limit above the plan (only an admin or the CLI can set one). */
  private auditViewWithPlan(k: ApiKeyEntity, plan: PlanDefinition): Record<string, unknown> {
    const view = this.auditView(k);
    if (k.rateLimit && k.rateWindowSeconds && !withinPlan({ limit: k.rateLimit, windowSeconds: k.rateWindowSeconds }, plan.rateLimit)) view.rateLimitAbovePlan = true;
    return view;
  }
}
