import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { EmailModule } from '../email/email.module';
import { KeyEventsModule } from '../keys/key-events.module';
import { KeysModule } from '../keys/keys.module';
import { InvitationsController } from './invitations.controller';
import { OrganisationAccessService } from './organisation-access.service';
import { OrganisationInvitationsService } from './organisation-invitations.service';
import { OrganisationActivityService } from './organisation-activity.service';
import { OrganisationKeysService } from './organisation-keys.service';
import { OrganisationProjectsService } from './organisation-projects.service';
import { OrganisationsController } from './organisations.controller';
import { OrganisationsService } from './organisations.service';

/** Organisations: members and roles, invitations, ownership, key policy, projects, the organisation's keys, usage and audit (`/api/orgs`, `/api/invitations`). */
@Module({
  imports: [AccountsModule, AuditModule, EmailModule, KeyEventsModule, KeysModule],
  controllers: [OrganisationsController, InvitationsController],
  providers: [OrganisationAccessService, OrganisationsService, OrganisationInvitationsService, OrganisationKeysService, OrganisationProjectsService, OrganisationActivityService],
  exports: [OrganisationAccessService, OrganisationsService, OrganisationInvitationsService, OrganisationProjectsService, OrganisationActivityService],
})
export class OrganisationsModule {}
