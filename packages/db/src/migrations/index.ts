import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { AddApiKeyUsage1763700100000 } from './1763700100000-add-api-key-usage';
import { AddSessions1763700200000 } from './1763700200000-add-sessions';
import { AddKbReleases1763700300000 } from './1763700300000-add-kb-releases';
import { AddKbSources1763700400000 } from './1763700400000-add-kb-sources';
import { AddAccountMonthUsage1763700600000 } from './1763700600000-add-account-month-usage';
import { AddEmailVerification1763700700000 } from './1763700700000-add-email-verification';
import { AddCdsHooks1763700800000 } from './1763700800000-add-cds-hooks';
import { AddAuditChain1763700900000 } from './1763700900000-add-audit-chain';
import { AddKeyTagUsage1763701000000 } from './1763701000000-add-key-tag-usage';
import { AddKeyUsageTag1763701100000 } from './1763701100000-add-key-usage-tag';
import { AddKeyRotation1763701200000 } from './1763701200000-add-key-rotation';
import { AddWebhooks1763701300000 } from './1763701300000-add-webhooks';
import { AddOrganisations1763701400000 } from './1763701400000-add-organisations';
import { AddOrganisationDeletion1763701610000 } from './1763701610000-add-organisation-deletion';
import { AddProjectMonthUsage1763701500000 } from './1763701500000-add-project-month-usage';
import { AddOrganisationWebhooks1763701700000 } from './1763701700000-add-organisation-webhooks';

/** Every migration, oldest first. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  AddApiKeyUsage1763700100000,
  AddSessions1763700200000,
  AddKbReleases1763700300000,
  AddKbSources1763700400000,
  AddAccountMonthUsage1763700600000,
  AddEmailVerification1763700700000,
  AddCdsHooks1763700800000,
  AddAuditChain1763700900000,
  AddKeyTagUsage1763701000000,
  AddKeyUsageTag1763701100000,
  AddKeyRotation1763701200000,
  AddWebhooks1763701300000,
  AddOrganisations1763701400000,
  AddProjectMonthUsage1763701500000,
  AddOrganisationDeletion1763701610000,
  AddOrganisationWebhooks1763701700000,
];
