import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Requests per key and UTC day, by outcome. */
@Entity({ name: 'api_key_usage' })
export class ApiKeyUsageEntity {
  @PrimaryColumn({ name: 'key_id', type: 'uuid' })
  keyId: string;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @Column({ type: 'bigint', default: 0 })
  allowed: string;

  @Column({ name: 'rate_limited', type: 'bigint', default: 0 })
  rateLimited: string;

  @Column({ type: 'bigint', default: 0 })
  denied: string;
}
