import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A project inside an organisation (a module's service, an environment); keys belong to one. */
@Entity({ name: 'project' })
export class ProjectEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ name: 'rate_limit', type: 'integer', nullable: true })
  rateLimit: number | null;

  @Column({ name: 'rate_window_seconds', type: 'integer', nullable: true })
  rateWindowSeconds: number | null;

  @Column({ name: 'monthly_quota', type: 'integer', nullable: true })
  monthlyQuota: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
