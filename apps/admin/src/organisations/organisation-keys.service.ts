import { Injectable } from '@nestjs/common';
import type { ApiKeyResponse, CreateOrgKeyRequest, CreatedApiKeyResponse, RollApiKeyRequest, RolledApiKeyResponse } from '@vigil/contracts';
import { ApiKeyRepository } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { DataSource } from 'typeorm';
import type { Actor } from '../common/actor';
import { KeysService } from '../keys/keys.service';
import { OrganisationAccessService } from './organisation-access.service';

/**
 * An organisation's keys as its members see them: every member reads them (never a secret); developers and up create
 * keys, manage their own personal keys and the service keys (which belong to their project, not a person, and survive
 * their maker's removal); admins and the owner manage any key. The key lifecycle itself is {@link KeysService}'s.
 */
@Injectable()
export class OrganisationKeysService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganisationAccessService,
    private readonly keys: KeysService,
  ) {}

  async list(organisationId: string, actor: Actor): Promise<ApiKeyResponse[]> {
    await this.access.require(this.dataSource.manager, organisationId, actor, 'keys.read');
    return this.keys.list({ accountId: null, organisationId });
  }

  async create(organisationId: string, dto: CreateOrgKeyRequest, actor: Actor): Promise<CreatedApiKeyResponse> {
    const { projectId, kind, ...key } = dto;
    await this.access.require(this.dataSource.manager, organisationId, actor, kind === 'service' ? 'service_keys.manage' : 'keys.create');
    if (!actor.accountId) throw new ProblemException('ValidationFailed', { detail: 'A key needs a member who makes it.' });
    return this.keys.create(actor.accountId, key, actor, { organisationId, projectId, kind: kind ?? 'personal' });
  }

  async revoke(organisationId: string, keyId: string, actor: Actor): Promise<ApiKeyResponse> {
    await this.mayManage(organisationId, keyId, actor);
    return this.keys.revoke({ accountId: null, organisationId }, keyId, actor);
  }

  async roll(organisationId: string, keyId: string, dto: RollApiKeyRequest, actor: Actor): Promise<RolledApiKeyResponse> {
    await this.mayManage(organisationId, keyId, actor);
    return this.keys.roll({ accountId: null, organisationId }, keyId, dto, actor);
  }

  /** A member's own personal key needs `keys.manage_own`, a service key `service_keys.manage`, any other `keys.manage_any`. */
  private async mayManage(organisationId: string, keyId: string, actor: Actor): Promise<void> {
    await this.access.require(this.dataSource.manager, organisationId, actor, 'keys.read');
    const key = /^[0-9a-f-]{36}$/i.test(keyId) ? await new ApiKeyRepository(this.dataSource).findById(keyId, null) : null;
    if (!key || key.organisationId !== organisationId) throw new ProblemException('NotFound', { detail: 'Key not found.' });
    const own = key.kind === 'personal' && key.accountId === actor.accountId;
    await this.access.require(this.dataSource.manager, organisationId, actor, key.kind === 'service' ? 'service_keys.manage' : own ? 'keys.manage_own' : 'keys.manage_any');
  }
}
