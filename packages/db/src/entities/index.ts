import { AccountEntity } from './account.entity';
import { AccountTokenEntity } from './account-token.entity';
import { ApiKeyEntity } from './api-key.entity';
import { AuditEventEntity } from './audit-event.entity';
import { ApiKeyUsageEntity } from './api-key-usage.entity';
import { SessionEntity } from './session.entity';

export { AccountEntity, AccountTokenEntity, ApiKeyEntity, AuditEventEntity, ApiKeyUsageEntity, SessionEntity };
export type { AccountRole, AccountStatus } from './account.entity';
export type { AccountTokenPurpose } from './account-token.entity';
export type { ApiKeyStatus, RotationEndReason } from './api-key.entity';
export type { AuditActorType } from './audit-event.entity';

export const ENTITIES = [AccountEntity, AccountTokenEntity, ApiKeyEntity, AuditEventEntity, ApiKeyUsageEntity, SessionEntity];
