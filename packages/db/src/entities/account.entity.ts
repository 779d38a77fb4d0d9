import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type AccountRole = 'user' | 'admin';
export type AccountStatus = 'active' | 'suspended';

/** A customer account (or an internal admin). Emails are unique case-insensitively (index on lower(email)). */
@Entity({ name: 'account' })
export class AccountEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Unique case-insensitively through the `account_email_lower_uq` index on lower(email) (see migration). */
  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash: string | null;

  @Column({ type: 'text', default: 'user' })
  role: AccountRole;

  @Column({ type: 'text', default: 'free' })
  plan: string;

  @Column({ name: 'trial_plan', type: 'text', nullable: true })
  trialPlan: string | null;

  @Column({ name: 'trial_ends_at', type: 'timestamptz', nullable: true })
  trialEndsAt: Date | null;

  @Column({ type: 'text', default: 'active' })
  status: AccountStatus;

  @Column({ name: 'suspended_at', type: 'timestamptz', nullable: true })
  suspendedAt: Date | null;

  /** When the owner proved the email address (link, reset or operator); null = unverified, cannot create keys. */
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null;

  @Column({ name: 'last_active_at', type: 'timestamptz', nullable: true })
  lastActiveAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
