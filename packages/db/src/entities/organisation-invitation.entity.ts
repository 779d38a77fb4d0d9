import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OrganisationRole } from './organisation-member.entity';

/** An emailed invitation to join an organisation. Only the token's SHA-256 is stored. */
@Entity({ name: 'organisation_invitation' })
export class OrganisationInvitationEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  role: Exclude<OrganisationRole, 'owner'>;

  @Column({ name: 'token_hash', type: 'char', length: 64, select: false })
  tokenHash: string;

  @Column({ name: 'invited_by_account_id', type: 'uuid', nullable: true })
  invitedByAccountId: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @Column({ name: 'accepted_by_account_id', type: 'uuid', nullable: true })
  acceptedByAccountId: string | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  /** When the link was last sent (created or resent): a resend waits a minute after it. */
  @Column({ name: 'sent_at', type: 'timestamptz', default: () => 'now()' })
  sentAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
