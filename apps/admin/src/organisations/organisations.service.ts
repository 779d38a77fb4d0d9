import { Injectable } from '@nestjs/common';
import { allowlistErrors, mayManageMember, orgActionsOf, orgPolicyViolations } from '@vigil/auth';
import type { MemberRemovedResponse, OrgPolicyRequest, OrgPolicyResponse, OrganisationDeletedResponse, OrganisationMemberResponse, OrganisationResponse } from '@vigil/contracts';
import { AccountEntity, type ApiKeyEntity, ApiKeyRepository, OrganisationEntity, OrganisationMemberEntity, type OrganisationRole, ProjectEntity } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../common/actor';
import { KeyEventsPublisher } from '../keys/key-events.publisher';
import { KeysService } from '../keys/keys.service';
import { OrganisationAccessService } from './organisation-access.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Organisations and their members: creation, renaming, roles, removal (the member's personal keys revoked in the same
 * transaction, audited and announced to every API instance), leaving, ownership transfer and the key policy. Every
 * call asks {@link OrganisationAccessService} first; every change is audited in its own transaction.
 */
@Injectable()
export class OrganisationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganisationAccessService,
    private readonly audit: AuditService,
    private readonly events: KeyEventsPublisher,
    private readonly keys: KeysService,
  ) {}

  /** The organisations an account belongs to, with its role in each; oldest first. */
  async listFor(accountId: string): Promise<OrganisationResponse[]> {
    const rows: { organisation_id: string }[] = await this.dataSource.query(
      `SELECT m.organisation_id FROM organisation_member m JOIN organisation o ON o.id = m.organisation_id WHERE m.account_id = $1 AND o.deleted_at IS NULL ORDER BY o.created_at, o.id`,
      [accountId],
    );
    return Promise.all(rows.map((r) => this.viewFor(this.dataSource.manager, r.organisation_id, accountId)));
  }

  /** Every organisation (the operator's list). */
  async listAll(): Promise<OrganisationResponse[]> {
    const rows: { id: string }[] = await this.dataSource.query(`SELECT id FROM organisation WHERE deleted_at IS NULL ORDER BY created_at, id`);
    return Promise.all(rows.map((r) => this.viewFor(this.dataSource.manager, r.id, null)));
  }

  async get(organisationId: string, actor: Actor): Promise<OrganisationResponse> {
    await this.access.require(this.dataSource.manager, organisationId, actor, 'org.read');
    return this.viewFor(this.dataSource.manager, organisationId, actor.accountId ?? null);
  }

  /** A new organisation owned by `ownerId`, with a Default project. */
  async create(ownerId: string, name: string, actor: Actor): Promise<OrganisationResponse> {
    return this.dataSource.transaction(async (m) => {
      const owner = await m.findOne(AccountEntity, { where: { id: ownerId } });
      if (!owner) throw new ProblemException('NotFound', { detail: 'Account not found.' });
      const organisation = await m.save(m.create(OrganisationEntity, { name: name.trim() }));
      await m.insert(OrganisationMemberEntity, { organisationId: organisation.id, accountId: ownerId, role: 'owner' });
      await m.insert(ProjectEntity, { organisationId: organisation.id, name: 'Default' });
      await this.audit.record(m, actor, {
        organisationId: organisation.id,
        action: 'organisation.create',
        targetType: 'organisation',
        targetId: organisation.id,
        after: { name: organisation.name, ownerId },
      });
      return this.viewFor(m, organisation.id, ownerId);
    });
  }

  async rename(organisationId: string, name: string, actor: Actor): Promise<OrganisationResponse> {
    return this.dataSource.transaction(async (m) => {
      const { organisation } = await this.access.require(m, organisationId, actor, 'org.rename', true);
      const before = { name: organisation.name };
      organisation.name = name.trim();
      await m.save(organisation);
      await this.audit.record(m, actor, {
        organisationId,
        action: 'organisation.rename',
        targetType: 'organisation',
        targetId: organisationId,
        before,
        after: { name: organisation.name },
      });
      return this.viewFor(m, organisationId, actor.accountId ?? null);
    });
  }

  /**
   * Deletes an organisation (its owner, or the operator), the confirmation being its exact name. In one transaction:
   * every key that is not revoked yet, personal and service, is revoked (each audited as `key.revoke`, with a
   * `key.revoked` webhook and a key event, so every API instance refuses it once this commits), pending invitations are
   * withdrawn, and the organisation is marked deleted (`deleted_at`): it leaves every list and every route answers 404.
   * The row, its members and projects stay so the organisation's audit chain (ending with `organisation.deleted`) keeps
   * its subject and stays verifiable. An account whose only organisation this was can create a new one.
   */
  async delete(organisationId: string, confirm: string, actor: Actor): Promise<OrganisationDeletedResponse> {
    return this.withWaits(async (m, waits) => {
      const { organisation } = await this.access.require(m, organisationId, actor, 'org.delete', true);
      if (confirm !== organisation.name) {
        throw new ProblemException('ConfirmationMismatch', {
          detail: 'Type the organisation’s name exactly to confirm its deletion.',
          errors: [{ pointer: '/confirm', code: 'confirmation_mismatch', message: 'must be the organisation name, exactly' }],
        });
      }
      const owner = await this.keys.ownerOf(m, organisationId);
      const revokedKeyIds = await this.revokeKeys(m, waits, await new ApiKeyRepository(m).lockUnrevokedKeys(organisationId), actor, 'organisation_deleted');
      const withdrawn: { id: string }[] = await m.query(
        `WITH w AS (UPDATE organisation_invitation SET revoked_at = now() WHERE organisation_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL RETURNING id)
         SELECT id FROM w`,
        [organisationId],
      );
      const withdrawnInvitationIds = withdrawn.map((r) => r.id).sort();
      organisation.deletedAt = new Date();
      await m.save(organisation);
      await this.audit.record(m, actor, {
        organisationId,
        action: 'organisation.deleted',
        targetType: 'organisation',
        targetId: organisationId,
        before: { name: organisation.name, ownerId: owner.id },
        after: { deletedAt: organisation.deletedAt.toISOString(), revokedKeyIds, withdrawnInvitationIds },
      });
      waits.push(await this.events.publish(m, { type: 'organisation', organisationId }));
      return { id: organisationId, name: organisation.name, deletedAt: organisation.deletedAt.toISOString(), revokedKeyIds, withdrawnInvitationIds };
    });
  }

  async members(organisationId: string, actor: Actor): Promise<OrganisationMemberResponse[]> {
    await this.access.require(this.dataSource.manager, organisationId, actor, 'members.read');
    const rows: { account_id: string; email: string; role: OrganisationRole; created_at: Date }[] = await this.dataSource.query(
      `SELECT m.account_id, a.email, m.role, m.created_at FROM organisation_member m JOIN account a ON a.id = m.account_id
        WHERE m.organisation_id = $1 ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'developer' THEN 2 ELSE 3 END, lower(a.email)`,
      [organisationId],
    );
    return rows.map((r) => ({ accountId: r.account_id, email: r.email, role: r.role, joinedAt: new Date(r.created_at).toISOString() }));
  }

  async changeRole(organisationId: string, accountId: string, role: Exclude<OrganisationRole, 'owner'>, actor: Actor): Promise<OrganisationMemberResponse> {
    return this.dataSource.transaction(async (m) => {
      const access = await this.access.require(m, organisationId, actor, 'members.manage', true);
      const target = await this.memberOrNotFound(m, organisationId, accountId);
      if (!access.operator && !mayManageMember({ role: access.role, self: accountId === actor.accountId }, target.role, role)) {
        throw new ProblemException('OrgPermissionDenied', { detail: `A ${access.role} may not change the role of this ${target.role}.` });
      }
      if (target.role === 'owner') throw new ProblemException('OrgPermissionDenied', { detail: 'The owner’s role changes only by transferring ownership.' });
      const before = { role: target.role };
      target.role = role;
      await m.save(target);
      await this.audit.record(m, actor, {
        organisationId,
        action: 'organisation.member.role',
        targetType: 'organisation_member',
        targetId: `${organisationId}/${accountId}`,
        before,
        after: { role },
      });
      const account = await m.findOneOrFail(AccountEntity, { where: { id: accountId } });
      return { accountId, email: account.email, role, joinedAt: target.createdAt.toISOString() };
    });
  }

  /**
   * Removes a member. Their personal keys in this organisation are revoked in the same transaction (each audited, with
   * a `key.revoked` webhook and a key event, so every API instance refuses them the moment it commits); service keys
   * stay with their project.
   */
  async removeMember(organisationId: string, accountId: string, actor: Actor): Promise<MemberRemovedResponse> {
    return this.withWaits(async (m, waits) => {
      const access = await this.access.require(m, organisationId, actor, 'members.manage', true);
      const target = await this.memberOrNotFound(m, organisationId, accountId);
      if (!access.operator && !mayManageMember({ role: access.role, self: accountId === actor.accountId }, target.role)) {
        throw new ProblemException('OrgPermissionDenied', {
          detail: accountId === actor.accountId ? 'Use leave to leave the organisation.' : `A ${access.role} may not remove this ${target.role}.`,
        });
      }
      if (target.role === 'owner') throw new ProblemException('OrgOwnerCannotLeave', { detail: 'Transfer ownership before removing the owner.' });
      return this.detach(m, waits, target, actor, 'organisation.member.remove');
    });
  }

  /** Leaves an organisation (the owner must transfer ownership first); personal keys are revoked as on removal. */
  async leave(organisationId: string, actor: Actor): Promise<MemberRemovedResponse> {
    return this.withWaits(async (m, waits) => {
      const { member } = await this.access.require(m, organisationId, actor, 'org.read', true);
      if (!member) throw new ProblemException('NotFound', { detail: 'Organisation not found.' });
      if (member.role === 'owner') throw new ProblemException('OrgOwnerCannotLeave', { detail: 'Transfer ownership to another member before leaving.' });
      return this.detach(m, waits, member, actor, 'organisation.member.leave');
    });
  }

  /**
   * Makes another member the owner; the old owner becomes an admin. The organisation's keys then use the new owner's
   * plan and quota: an organisation event makes every API instance reload them.
   */
  async transferOwnership(organisationId: string, accountId: string, actor: Actor): Promise<OrganisationResponse> {
    return this.withWaits(async (m, waits) => {
      await this.access.require(m, organisationId, actor, 'org.transfer_ownership', true);
      const target = await this.memberOrNotFound(m, organisationId, accountId);
      if (target.role === 'owner') throw new ProblemException('Conflict', { detail: 'This member already owns the organisation.' });
      const owner = await m.findOneOrFail(OrganisationMemberEntity, { where: { organisationId, role: 'owner' } });
      await m.update(OrganisationMemberEntity, { organisationId, accountId: owner.accountId }, { role: 'admin' });
      await m.update(OrganisationMemberEntity, { organisationId, accountId }, { role: 'owner' });
      await this.audit.record(m, actor, {
        organisationId,
        action: 'organisation.transfer_ownership',
        targetType: 'organisation',
        targetId: organisationId,
        before: { ownerId: owner.accountId, newOwnerRole: target.role },
        after: { ownerId: accountId, previousOwnerRole: 'admin' },
      });
      waits.push(await this.events.publish(m, { type: 'organisation', organisationId }));
      return this.viewFor(m, organisationId, actor.accountId ?? null);
    });
  }

  async policy(organisationId: string, actor: Actor): Promise<OrgPolicyResponse> {
    const { organisation } = await this.access.require(this.dataSource.manager, organisationId, actor, 'policy.read');
    return this.policyView(this.dataSource.manager, organisation);
  }

  /**
   * Replaces the key policy. Existing keys that no longer comply are not revoked: the API refuses them on every call
   * with the code naming the rule, from the moment this commits (an organisation event reaches every instance).
   */
  async setPolicy(organisationId: string, dto: OrgPolicyRequest, actor: Actor): Promise<OrgPolicyResponse> {
    const errors = allowlistErrors(dto.allowedIps);
    if (errors.length) {
      throw new ProblemException('ValidationFailed', {
        detail: errors.map((e) => e.message).join('; '),
        errors: errors.map((e) => ({ pointer: `/allowedIps/${e.index}`, code: 'format', message: e.message })),
      });
    }
    return this.withWaits(async (m, waits) => {
      const { organisation } = await this.access.require(m, organisationId, actor, 'policy.set', true);
      const before = this.policyFields(organisation);
      organisation.policyMaxKeyLifetimeSeconds = dto.maxKeyLifetimeSeconds;
      organisation.policyRequireIpAllowlist = dto.requireIpAllowlist;
      organisation.policyAllowedScopes = dto.allowedScopes;
      organisation.policyAllowedIps = dto.allowedIps;
      await m.save(organisation);
      const view = await this.policyView(m, organisation);
      await this.audit.record(m, actor, {
        organisationId,
        action: 'organisation.policy.set',
        targetType: 'organisation',
        targetId: organisationId,
        before,
        after: { ...this.policyFields(organisation), nonCompliantKeys: view.nonCompliantKeys },
      });
      waits.push(await this.events.publish(m, { type: 'organisation', organisationId }));
      return view;
    });
  }

  private policyFields(o: OrganisationEntity): Record<string, unknown> {
    return {
      maxKeyLifetimeSeconds: o.policyMaxKeyLifetimeSeconds,
      requireIpAllowlist: o.policyRequireIpAllowlist,
      allowedScopes: o.policyAllowedScopes,
      allowedIps: o.policyAllowedIps,
    };
  }

  private async policyView(m: EntityManager, o: OrganisationEntity): Promise<OrgPolicyResponse> {
    const keys = (await new ApiKeyRepository(m).listByOrganisation(o.id)).filter((k) => k.status === 'active');
    const policy = { maxKeyLifetimeSeconds: o.policyMaxKeyLifetimeSeconds, requireIpAllowlist: o.policyRequireIpAllowlist, allowedScopes: o.policyAllowedScopes };
    const nonCompliantKeys = keys.filter(
      (k) => orgPolicyViolations({ createdAt: k.createdAt.getTime(), expiresAt: k.expiresAt?.getTime() ?? null, allowedIps: k.allowedIps, scopes: k.scopes }, policy).length > 0,
    ).length;
    return {
      maxKeyLifetimeSeconds: o.policyMaxKeyLifetimeSeconds,
      requireIpAllowlist: o.policyRequireIpAllowlist,
      allowedScopes: o.policyAllowedScopes,
      allowedIps: o.policyAllowedIps,
      nonCompliantKeys,
    };
  }

  /** Ends a membership and revokes the member's personal keys of this organisation, all in `m`. */
  private async detach(m: EntityManager, waits: (() => Promise<void>)[], member: OrganisationMemberEntity, actor: Actor, action: string): Promise<MemberRemovedResponse> {
    const { organisationId, accountId } = member;
    const personal = await new ApiKeyRepository(m).lockPersonalKeys(organisationId, accountId);
    const revokedKeyIds = await this.revokeKeys(m, waits, personal, actor, 'member_removed');
    await m.delete(OrganisationMemberEntity, { organisationId, accountId });
    await this.audit.record(m, actor, {
      organisationId,
      action,
      targetType: 'organisation_member',
      targetId: `${organisationId}/${accountId}`,
      before: { role: member.role },
      after: { revokedKeyIds },
    });
    return { accountId, revokedKeyIds };
  }

  /**
   * Revokes keys (locked by the caller) in `m`, each recorded with `reason` ({@link KeysService.revokeRecorded}); keys
   * already revoked are skipped. `waits` collects what announces the revocations to every API instance after commit.
   * Returns the ids revoked now.
   */
  private async revokeKeys(m: EntityManager, waits: (() => Promise<void>)[], keys: ApiKeyEntity[], actor: Actor, reason: string): Promise<string[]> {
    const revokedKeyIds: string[] = [];
    for (const key of keys) {
      const wait = await this.keys.revokeRecorded(m, key, actor, reason);
      if (!wait) continue;
      waits.push(wait);
      revokedKeyIds.push(key.id);
    }
    return revokedKeyIds;
  }

  private async memberOrNotFound(m: EntityManager, organisationId: string, accountId: string): Promise<OrganisationMemberEntity> {
    const member = UUID.test(accountId) ? await m.findOne(OrganisationMemberEntity, { where: { organisationId, accountId }, lock: { mode: 'pessimistic_write' } }) : null;
    if (!member) throw new ProblemException('NotFound', { detail: 'No such member in this organisation.' });
    return member;
  }

  /** Runs a change in a transaction and, after it commits, waits until every API instance has the key events it sent. */
  private async withWaits<T>(fn: (m: EntityManager, waits: (() => Promise<void>)[]) => Promise<T>): Promise<T> {
    const waits: (() => Promise<void>)[] = [];
    const result = await this.dataSource.transaction((m) => fn(m, waits));
    await Promise.all(waits.map((w) => w()));
    return result;
  }

  async viewFor(m: EntityManager, organisationId: string, accountId: string | null): Promise<OrganisationResponse> {
    const [row]: { id: string; name: string; created_at: Date; members: number; owner_id: string; owner_email: string; my_role: OrganisationRole | null }[] = await m.query(
      `SELECT o.id, o.name, o.created_at,
              (SELECT count(*)::int FROM organisation_member x WHERE x.organisation_id = o.id) AS members,
              ow.account_id AS owner_id, oa.email AS owner_email,
              (SELECT me.role FROM organisation_member me WHERE me.organisation_id = o.id AND me.account_id = $2::uuid) AS my_role
         FROM organisation o JOIN organisation_member ow ON ow.organisation_id = o.id AND ow.role = 'owner' JOIN account oa ON oa.id = ow.account_id
        WHERE o.id = $1`,
      [organisationId, accountId],
    );
    if (!row) throw new ProblemException('NotFound', { detail: 'Organisation not found.' });
    const role = row.my_role ?? 'owner';
    return {
      id: row.id,
      name: row.name,
      role,
      actions: orgActionsOf(role),
      memberCount: row.members,
      owner: { accountId: row.owner_id, email: row.owner_email },
      createdAt: new Date(row.created_at).toISOString(),
    };
  }
}
