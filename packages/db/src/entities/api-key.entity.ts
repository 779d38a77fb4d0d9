import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';

export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

/** A personal key belongs to the member who made it (revoked on their removal); a service key to its project. */
export type ApiKeyKind = 'personal' | 'service';

/** Why a rolled key stopped working. */
export type RotationEndReason = 'grace_elapsed' | 'idle_after_successor_use' | 'revoked';

/** An API key. Only the SHA-256 of the full key string is stored, never the key itself. */
@Entity({ name: 'api_key' })
export class ApiKeyEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('api_key_account_idx')
  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  /** Set by a database trigger from the account's first owned organisation when an insert leaves it out. */
  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId: string;

  @Column({ name: 'project_id', type: 'uuid' })
  projectId: string;

  @Column({ type: 'text', default: 'personal' })
  kind: ApiKeyKind;

  /** Lower-case hex SHA-256 of the full key. */
  @Index('api_key_hash_uq', { unique: true })
  @Column({ name: 'key_hash', type: 'char', length: 64 })
  keyHash: string;

  /** `<prefix>_` + first 4 + `…` + last 4 of the secret part. */
  @Column({ type: 'text' })
  hint: string;

  @Column({ type: 'varchar', length: 100 })
  label: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  scopes: string[];

  @Column({ name: 'allowed_ips', type: 'text', array: true, default: () => "'{}'" })
  allowedIps: string[];

  @Column({ name: 'rate_limit', type: 'integer', nullable: true })
  rateLimit: number | null;

  @Column({ name: 'rate_window_seconds', type: 'integer', nullable: true })
  rateWindowSeconds: number | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  /** Default usage tag of calls that send no `x-vigil-tag` header. */
  @Column({ name: 'usage_tag', type: 'text', nullable: true })
  usageTag: string | null;

  @Column({ type: 'text', default: 'active' })
  status: ApiKeyStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  /** On a rolled (old) key: its successor. */
  @Column({ name: 'rotated_to_key_id', type: 'uuid', nullable: true })
  rotatedToKeyId: string | null;

  /** On a successor: the key it replaces. */
  @Column({ name: 'rotated_from_key_id', type: 'uuid', nullable: true })
  rotatedFromKeyId: string | null;

  /** On a rolled key: the latest time it works (the grace period's end). */
  @Column({ name: 'rotation_grace_ends_at', type: 'timestamptz', nullable: true })
  rotationGraceEndsAt: Date | null;

  /** On a rolled key: idle time after which it is ended early, once the successor has been used. */
  @Column({ name: 'rotation_idle_seconds', type: 'integer', nullable: true })
  rotationIdleSeconds: number | null;

  @Column({ name: 'rotation_ended_at', type: 'timestamptz', nullable: true })
  rotationEndedAt: Date | null;

  @Column({ name: 'rotation_end_reason', type: 'text', nullable: true })
  rotationEndReason: RotationEndReason | null;
}
