import { Inject, Injectable } from '@nestjs/common';
import type { InvitationPreviewResponse, InvitationResponse, InviteMemberRequest, OrganisationResponse } from '@vigil/contracts';
import { AccountEntity, OrganisationEntity, OrganisationInvitationEntity, OrganisationMemberEntity } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../common/actor';
import { sha256Hex } from '../common/sha256-hex';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';
import { AccountEmailComposer } from '../email/account-email.composer';
import { MailerService } from '../email/mailer.service';
import { OrganisationAccessService } from './organisation-access.service';
import { OrganisationsService } from './organisations.service';

/** How long an invitation link works: 7 days. */
export const INVITATION_LIFETIME_DAYS = 7;
const TOKEN_SHAPE = /^[0-9a-f]{64}$/;
/** A link is sent again at most once a minute per invitation. */
export const INVITATION_RESEND_INTERVAL_SECONDS = 60;

/**
 * Invitations by email: a 256-bit token shown once in a link (emailed, or logged when no SMTP is configured, and
 * printed by the CLI that created it), stored only as SHA-256, expiring after {@link INVITATION_LIFETIME_DAYS} days,
 * accepted once by a signed-in account with the invited address (under a row lock, so two clicks cannot both join).
 */
@Injectable()
export class OrganisationInvitationsService {
  private readonly composer: AccountEmailComposer;

  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganisationAccessService,
    private readonly organisations: OrganisationsService,
    private readonly audit: AuditService,
    private readonly mailer: MailerService,
    @Inject(ADMIN_CONFIG) config: AdminConfig,
  ) {
    this.composer = new AccountEmailComposer(config.ADMIN_PUBLIC_URL ?? `http://localhost:${config.ADMIN_PORT}`);
  }

  /** Creates an invitation and emails its link; returns the link too, for the operator CLI only (never over HTTP). */
  async invite(organisationId: string, dto: InviteMemberRequest, actor: Actor): Promise<{ invitation: InvitationResponse; link: string }> {
    const email = dto.email.trim();
    const token = randomBytes(32).toString('hex');
    const { invitation, organisation, inviter } = await this.dataSource.transaction(async (m) => {
      const { organisation } = await this.access.require(m, organisationId, actor, 'invitations.manage', true);
      const existing: unknown[] = await m.query(
        `SELECT 1 FROM organisation_member m JOIN account a ON a.id = m.account_id WHERE m.organisation_id = $1 AND lower(a.email) = lower($2)`,
        [organisationId, email],
      );
      if (existing.length) throw new ProblemException('AlreadyMember', { detail: `${email} is already a member of ${organisation.name}.` });
      // A new invitation replaces a pending one to the same address: only the newest link works.
      await m.query(
        `UPDATE organisation_invitation SET revoked_at = now() WHERE organisation_id = $1 AND lower(email) = lower($2) AND accepted_at IS NULL AND revoked_at IS NULL`,
        [organisationId, email],
      );
      const saved = await m.save(
        m.create(OrganisationInvitationEntity, {
          organisationId,
          email,
          role: dto.role,
          tokenHash: sha256Hex(token),
          invitedByAccountId: actor.accountId ?? null,
          expiresAt: new Date(Date.now() + INVITATION_LIFETIME_DAYS * 86_400_000),
        }),
      );
      await this.audit.record(m, actor, {
        organisationId,
        action: 'organisation.invitation.create',
        targetType: 'organisation_invitation',
        targetId: saved.id,
        after: { organisationId, email, role: dto.role, expiresAt: saved.expiresAt.toISOString() },
      });
      const inviter = actor.accountId ? ((await m.findOne(AccountEntity, { where: { id: actor.accountId } }))?.email ?? null) : null;
      return { invitation: saved, organisation, inviter };
    });
    const message = this.composer.invitation(email, token, organisation.name, dto.role, inviter, INVITATION_LIFETIME_DAYS);
    this.mailer.send(message);
    return { invitation: this.view(invitation, inviter), link: message.link };
  }

  async list(organisationId: string, actor: Actor): Promise<InvitationResponse[]> {
    await this.access.require(this.dataSource.manager, organisationId, actor, 'members.read');
    const rows = await this.dataSource.manager.find(OrganisationInvitationEntity, { where: { organisationId }, order: { createdAt: 'DESC' }, take: 200 });
    const inviters = new Map<string, string>();
    for (const id of new Set(rows.map((r) => r.invitedByAccountId).filter((x): x is string => !!x))) {
      const a = await this.dataSource.manager.findOne(AccountEntity, { where: { id } });
      if (a) inviters.set(id, a.email);
    }
    return rows.map((r) => this.view(r, r.invitedByAccountId ? (inviters.get(r.invitedByAccountId) ?? null) : null));
  }

  async revoke(organisationId: string, invitationId: string, actor: Actor): Promise<InvitationResponse> {
    return this.dataSource.transaction(async (m) => {
      await this.access.require(m, organisationId, actor, 'invitations.manage');
      const row = /^[0-9a-f-]{36}$/i.test(invitationId)
        ? await m.findOne(OrganisationInvitationEntity, { where: { id: invitationId, organisationId }, lock: { mode: 'pessimistic_write' } })
        : null;
      if (!row) throw new ProblemException('NotFound', { detail: 'Invitation not found.' });
      if (row.acceptedAt) throw new ProblemException('Conflict', { detail: 'This invitation was already accepted; remove the member instead.' });
      if (!row.revokedAt) {
        row.revokedAt = new Date();
        await m.save(row);
        await this.audit.record(m, actor, {
          organisationId,
          action: 'organisation.invitation.revoke',
          targetType: 'organisation_invitation',
          targetId: row.id,
          after: { email: row.email },
        });
      }
      return this.view(row, null);
    });
  }

  /**
   * Sends an invitation again (owners and admins): a new token, so the old link stops working, a new
   * {@link INVITATION_LIFETIME_DAYS}-day expiry, and the email (or the log without SMTP) once more. A pending or expired
   * invitation may be resent, an accepted or withdrawn one not; at most once a minute per invitation (429
   * `invitation_resend_too_soon`). Returns the link for the operator CLI only (never over HTTP).
   */
  async resend(organisationId: string, invitationId: string, actor: Actor): Promise<{ invitation: InvitationResponse; link: string }> {
    const token = randomBytes(32).toString('hex');
    const { row, organisation, inviter } = await this.dataSource.transaction(async (m) => {
      const { organisation } = await this.access.require(m, organisationId, actor, 'invitations.manage');
      const row = /^[0-9a-f-]{36}$/i.test(invitationId)
        ? await m.findOne(OrganisationInvitationEntity, { where: { id: invitationId, organisationId }, lock: { mode: 'pessimistic_write' } })
        : null;
      if (!row) throw new ProblemException('NotFound', { detail: 'Invitation not found.' });
      if (row.acceptedAt) throw new ProblemException('Conflict', { detail: 'This invitation was already accepted.' });
      if (row.revokedAt) throw new ProblemException('Conflict', { detail: 'This invitation was withdrawn or replaced; send a new one.' });
      const now = new Date();
      const wait = Math.ceil((row.sentAt.getTime() + INVITATION_RESEND_INTERVAL_SECONDS * 1000 - now.getTime()) / 1000);
      if (wait > 0) {
        throw new ProblemException('InvitationResendTooSoon', {
          detail: `This invitation was sent less than a minute ago; try again in ${wait} s.`,
          headers: { 'retry-after': String(wait) },
        });
      }
      const before = { expiresAt: row.expiresAt.toISOString(), sentAt: row.sentAt.toISOString() };
      row.expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_DAYS * 86_400_000);
      row.sentAt = now;
      await m.update(OrganisationInvitationEntity, { id: row.id }, { tokenHash: sha256Hex(token), expiresAt: row.expiresAt, sentAt: row.sentAt });
      await this.audit.record(m, actor, {
        organisationId,
        action: 'organisation.invitation.resend',
        targetType: 'organisation_invitation',
        targetId: row.id,
        before,
        after: { email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString(), sentAt: row.sentAt.toISOString() },
      });
      const inviter = row.invitedByAccountId ? ((await m.findOne(AccountEntity, { where: { id: row.invitedByAccountId } }))?.email ?? null) : null;
      return { row, organisation, inviter };
    });
    const sender = actor.accountId ? ((await this.dataSource.manager.findOne(AccountEntity, { where: { id: actor.accountId } }))?.email ?? inviter) : inviter;
    const message = this.composer.invitation(row.email, token, organisation.name, row.role, sender, INVITATION_LIFETIME_DAYS);
    this.mailer.send(message);
    return { invitation: this.view(row, inviter), link: message.link };
  }

  /** What a link offers (organisation, address, role), for the page that accepts it. */
  async preview(token: string): Promise<InvitationPreviewResponse> {
    const row = await this.live(this.dataSource.manager, token, false);
    const organisation = await this.dataSource.manager.findOneOrFail(OrganisationEntity, { where: { id: row.organisationId } });
    return { organisationName: organisation.name, email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString() };
  }

  /**
   * Accepts an invitation as the signed-in account, which must have the invited address. Following the emailed link
   * proves the mailbox, so an unverified account becomes verified.
   */
  async accept(token: string, accountId: string, actor: Actor): Promise<OrganisationResponse> {
    return this.dataSource.transaction(async (m) => {
      const row = await this.live(m, token, true);
      const account = await m.findOneOrFail(AccountEntity, { where: { id: accountId } });
      if (account.email.toLowerCase() !== row.email.toLowerCase()) {
        throw new ProblemException('InvitationEmailMismatch', { detail: 'This invitation was sent to another email address: sign in with that address to accept it.' });
      }
      if (await m.findOne(OrganisationMemberEntity, { where: { organisationId: row.organisationId, accountId } })) {
        throw new ProblemException('AlreadyMember', { detail: 'You are already a member of this organisation.' });
      }
      await m.insert(OrganisationMemberEntity, { organisationId: row.organisationId, accountId, role: row.role });
      row.acceptedAt = new Date();
      row.acceptedByAccountId = accountId;
      await m.save(row);
      if (account.emailVerifiedAt === null) await m.update(AccountEntity, { id: accountId }, { emailVerifiedAt: new Date() });
      await this.audit.record(m, actor, {
        organisationId: row.organisationId,
        action: 'organisation.invitation.accept',
        targetType: 'organisation_invitation',
        targetId: row.id,
        after: { organisationId: row.organisationId, accountId, role: row.role },
      });
      return this.organisations.viewFor(m, row.organisationId, accountId);
    });
  }

  /** The pending invitation of this token, or `link_invalid` saying why it cannot be used. */
  private async live(m: EntityManager, token: string, lock: boolean): Promise<OrganisationInvitationEntity> {
    const row = TOKEN_SHAPE.test(token)
      ? await m.findOne(OrganisationInvitationEntity, { where: { tokenHash: sha256Hex(token) }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
      : null;
    if (!row) throw new ProblemException('LinkInvalid', { detail: 'This invitation link is not valid. Copy the whole link from the email.' });
    if (row.acceptedAt) throw new ProblemException('LinkInvalid', { detail: 'This invitation has already been accepted.' });
    if (row.revokedAt) throw new ProblemException('LinkInvalid', { detail: 'This invitation was withdrawn or replaced by a newer one.' });
    if (row.expiresAt.getTime() <= Date.now()) throw new ProblemException('LinkInvalid', { detail: 'This invitation has expired. Ask for a new one.' });
    return row;
  }

  private view(r: OrganisationInvitationEntity, invitedBy: string | null): InvitationResponse {
    const status = r.acceptedAt ? 'accepted' : r.revokedAt ? 'revoked' : r.expiresAt.getTime() <= Date.now() ? 'expired' : 'pending';
    return { id: r.id, email: r.email, role: r.role, status, invitedBy, expiresAt: r.expiresAt.toISOString(), createdAt: r.createdAt.toISOString() };
  }
}
