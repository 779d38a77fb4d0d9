import { AccountEntity } from './account.entity';
import { ApiKeyEntity } from './api-key.entity';
import { AuditEventEntity } from './audit-event.entity';

export { AccountEntity, ApiKeyEntity, AuditEventEntity };
export type { AccountRole, AccountStatus } from './account.entity';
export type { ApiKeyStatus } from './api-key.entity';
export type { AuditActorType } from './audit-event.entity';

export const ENTITIES = [AccountEntity, ApiKeyEntity, AuditEventEntity];
