export * from './entities';
export { MIGRATIONS } from './migrations';
export { createDataSource, dataSourceOptions, type VigilDataSourceOptions } from './data-source.factory';
export { migrationStatus, type MigrationStatus } from './migration-status';
export { EmbeddedDatabase, type EmbeddedDatabaseOptions, type EmbeddedConnection } from './embedded/embedded-database';
export { locateDatabase, type DatabaseLocation } from './database-location';
export { KEY_EVENTS_CHANNEL, notifyKeyEvent, parseKeyEvent, type KeyEvent } from './key-events';
export {
  ApiKeyRepository,
  type ApiKeyLookup,
  type OpenRotation,
  type KeyTagUsageDelta,
  type TagUsage,
  type KeyUsageDelta,
  type KeyUsageDay,
  type AccountKeyStats,
} from './keys/api-key.repository';
export { KbReleaseRepository, KB_EVENTS_CHANNEL, type KbReleaseRecord, type KbSourceRef } from './kb/kb-release.repository';
export { CdsRepository, type CdsClientLookup, type CdsClientRecord, type CdsFeedbackRecord, type CdsOverrideRow, type StoredJwks } from './cds/cds.repository';
export {
  AUDIT_GENESIS_HASH,
  DEPLOYMENT_AUDIT_CHAIN,
  ORGANISATION_AUDIT_CHAIN_PREFIX,
  organisationAuditChain,
  auditEventHash,
  canonicalJson,
  type ChainedAuditFields,
} from './audit/audit-chain';
export { AuditChainRepository, type AuditAppend, type AuditVerification, type ChainedAuditEvent } from './audit/audit-chain.repository';
export {
  WebhookRepository,
  type AccountMonthCallsRow,
  type ClaimedDelivery,
  type ExpiringKeyRow,
  type WebhookAttemptOutcome,
  type WebhookAttemptRecord,
  type WebhookEndpointRecord,
  type WebhookAudience,
  type WebhookEventInput,
} from './webhooks/webhook.repository';
