import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type AuditActorType = 'account' | 'admin' | 'cli' | 'system';

/** An append-only record of a change to an account, key or the knowledge base. Never holds secrets. */
@Entity({ name: 'audit_event' })
@Index('audit_event_target_idx', ['targetType', 'targetId'])
export class AuditEventEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The chain the event belongs to, its position in it, and the hashes that link it (see AuditChainRepository). */
  @Column({ type: 'text' })
  chain: string;

  @Column({ type: 'bigint' })
  seq: string;

  @Column({ name: 'prev_hash', type: 'text' })
  prevHash: string;

  @Column({ type: 'text' })
  hash: string;

  @Column({ name: 'actor_type', type: 'text' })
  actorType: AuditActorType;

  @Index('audit_event_actor_idx')
  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId: string | null;

  @Column({ name: 'actor_label', type: 'text', nullable: true })
  actorLabel: string | null;

  @Index('audit_event_action_idx')
  @Column({ type: 'text' })
  action: string;

  @Column({ name: 'target_type', type: 'text' })
  targetType: string;

  @Column({ name: 'target_id', type: 'text', nullable: true })
  targetId: string | null;

  @Column({ type: 'jsonb', nullable: true })
  before: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  after: Record<string, unknown> | null;

  @Column({ name: 'request_id', type: 'text', nullable: true })
  requestId: string | null;

  @Column({ type: 'text', nullable: true })
  ip: string | null;

  @Index('audit_event_created_idx')
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
