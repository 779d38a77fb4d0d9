import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type OrganisationRole = 'owner' | 'admin' | 'developer' | 'viewer';

/** A person's membership of an organisation. Exactly one owner per organisation (a partial unique index). */
@Entity({ name: 'organisation_member' })
export class OrganisationMemberEntity {
  @PrimaryColumn({ name: 'organisation_id', type: 'uuid' })
  organisationId: string;

  @PrimaryColumn({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @Column({ type: 'text' })
  role: OrganisationRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
