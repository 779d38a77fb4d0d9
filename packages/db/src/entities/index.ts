import { AccountEntity } from './account.entity';
import { AccountTokenEntity } from './account-token.entity';
import { ApiKeyEntity } from './api-key.entity';
import { AuditEventEntity } from './audit-event.entity';
import { ApiKeyUsageEntity } from './api-key-usage.entity';
import { SessionEntity } from './session.entity';
import { OrganisationEntity } from './organisation.entity';
import { OrganisationMemberEntity } from './organisation-member.entity';
import { OrganisationInvitationEntity } from './organisation-invitation.entity';
import { ProjectEntity } from './project.entity';

export {
  AccountEntity,
  AccountTokenEntity,
  ApiKeyEntity,
  AuditEventEntity,
  ApiKeyUsageEntity,
  SessionEntity,
  OrganisationEntity,
  OrganisationMemberEntity,
  OrganisationInvitationEntity,
  ProjectEntity,
};
export type { OrganisationRole } from './organisation-member.entity';
export type { AccountRole, AccountStatus } from './account.entity';
export type { AccountTokenPurpose } from './account-token.entity';
export type { ApiKeyKind, ApiKeyStatus, RotationEndReason } from './api-key.entity';
export type { AuditActorType } from './audit-event.entity';

export const ENTITIES = [
  AccountEntity,
  AccountTokenEntity,
  ApiKeyEntity,
  AuditEventEntity,
  ApiKeyUsageEntity,
  SessionEntity,
  OrganisationEntity,
  OrganisationMemberEntity,
  OrganisationInvitationEntity,
  ProjectEntity,
];
