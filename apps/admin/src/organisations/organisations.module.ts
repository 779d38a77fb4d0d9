import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { EmailModule } from '../email/email.module';
import { KeyEventsModule } from '../keys/key-events.module';
import { KeysModule } from '../keys/keys.module';
import { InvitationsController } from './invitations.controller';
import { OrganisationAccessService } from './organisation-access.service';
import { OrganisationInvitationsService } from './organisation-invitations.service';
import { OrganisationKeysService } from './organisation-keys.service';
import { OrganisationsController } from './organisations.controller';
import { OrganisationsService } from './organisations.service';

/** Organisations: members and roles, invitations, ownership, key policy and the organisation's keys (`/api/orgs`, `/api/invitations`). */
@Module({
  imports: [AuditModule, EmailModule, KeyEventsModule, KeysModule],
  controllers: [OrganisationsController, InvitationsController],
  providers: [OrganisationAccessService, OrganisationsService, OrganisationInvitationsService, OrganisationKeysService],
  exports: [OrganisationsService, OrganisationInvitationsService],
})
export class OrganisationsModule {}
