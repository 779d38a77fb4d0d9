import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An organisation: members with roles, projects, keys and the key policy its owners and admins set. */
@Entity({ name: 'organisation' })
export class OrganisationEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Longest lifetime a new key may have; null = no limit. Keys without an expiry are refused when set. */
  @Column({ name: 'policy_max_key_lifetime_seconds', type: 'integer', nullable: true })
  policyMaxKeyLifetimeSeconds: number | null;

  /** Every key must carry its own IP allowlist. */
  @Column({ name: 'policy_require_ip_allowlist', type: 'boolean', default: false })
  policyRequireIpAllowlist: boolean;

  /** Scopes keys may hold; null = any. */
  @Column({ name: 'policy_allowed_scopes', type: 'text', array: true, nullable: true })
  policyAllowedScopes: string[] | null;

  /** Organisation-wide IP allowlist every key inherits (empty = none). */
  @Column({ name: 'policy_allowed_ips', type: 'text', array: true, default: () => "'{}'" })
  policyAllowedIps: string[];

  /** Set when the owner deleted the organisation: every route answers 404; the row stays for its audit chain. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
