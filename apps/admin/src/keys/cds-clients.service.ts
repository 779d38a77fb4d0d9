import { Injectable } from '@nestjs/common';
import type { CdsClientRequest, CdsClientResponse } from '@vigil/contracts';
import { CdsRepository, type CdsClientRecord } from '@vigil/db';
import { ProblemException, validationFailed } from '@vigil/platform';
import { importJWK } from 'jose';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../common/actor';
import { KeyEventsPublisher } from './key-events.publisher';
import { KeysService } from './keys.service';

/**
 * The CDS Hooks client registered on a key: the JWT issuer and its public JWK set (pasted or uploaded; Vigil never
 * fetches it). One issuer belongs to one key in the deployment. Changes are audited and announced like key changes,
 * so every API instance honours them within the NOTIFY delay.
 */
@Injectable()
export class CdsClientsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly events: KeyEventsPublisher,
    private readonly keys: KeysService,
  ) {}

  async get(accountId: string, keyId: string): Promise<CdsClientResponse> {
    await this.keys.load(this.dataSource.manager, { accountId }, keyId);
    const client = await new CdsRepository(this.dataSource).findClientByKey(keyId);
    if (!client) throw new ProblemException('NotFound', { detail: 'No CDS client is registered on this key.' });
    return view(client);
  }

  async set(accountId: string, keyId: string, dto: CdsClientRequest, actor: Actor): Promise<CdsClientResponse> {
    // Every key must be a usable public key for its algorithm (jose parses it exactly as the API will).
    for (const [i, jwk] of dto.jwks.keys.entries()) {
      const alg = jwk.alg ?? (jwk.kty === 'EC' ? 'ES384' : 'RS384');
      try {
        await importJWK({ ...jwk, alg }, alg);
      } catch (error) {
        throw validationFailed([{ pointer: `/jwks/keys/${i}`, code: 'format', message: `not a usable ${alg} public key (${(error as Error).message})` }]);
      }
    }
    let wait: (() => Promise<void>) | undefined;
    const result = await this.dataSource.transaction(async (m) => {
      const { key } = await this.keys.load(m, { accountId }, keyId, true);
      if (key.status === 'revoked') throw new ProblemException('Conflict', { detail: 'A revoked key cannot take a CDS client.' });
      const repo = new CdsRepository(m);
      const before = await repo.findClientByKey(keyId);
      const after = await repo.upsertClient(keyId, dto.issuer, dto.jwks);
      if (!after) throw new ProblemException('Conflict', { detail: 'This issuer is already registered on another key; remove it there first (or ask your operator).' });
      await this.audit.record(m, actor, {
        organisationId: key.organisationId,
        action: 'key.cds_client.set',
        targetType: 'api_key',
        targetId: keyId,
        before: before ? auditView(before) : undefined,
        after: auditView(after),
      });
      wait = await this.events.publish(m, { type: 'key', keyId, created: true });
      return view(after);
    });
    await wait?.();
    return result;
  }

  async remove(accountId: string, keyId: string, actor: Actor): Promise<void> {
    let wait: (() => Promise<void>) | undefined;
    await this.dataSource.transaction(async (m) => {
      const { key } = await this.keys.load(m, { accountId }, keyId, true);
      const repo = new CdsRepository(m);
      const before = await repo.findClientByKey(keyId);
      if (!before) throw new ProblemException('NotFound', { detail: 'No CDS client is registered on this key.' });
      await repo.deleteClient(keyId);
      await this.audit.record(m, actor, { organisationId: key.organisationId, action: 'key.cds_client.remove', targetType: 'api_key', targetId: keyId, before: auditView(before) });
      wait = await this.events.publish(m, { type: 'key', keyId });
    });
    await wait?.();
  }
}

function view(c: CdsClientRecord): CdsClientResponse {
  return {
    keyId: c.keyId,
    issuer: c.issuer,
    keys: c.jwks.keys.map((k) => ({ kty: String(k.kty), ...(typeof k.kid === 'string' ? { kid: k.kid } : {}), ...(typeof k.alg === 'string' ? { alg: k.alg } : {}) })),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** Public facts only: the issuer and which keys (kid/kty/alg), never key material. */
function auditView(c: CdsClientRecord): Record<string, unknown> {
  return { cdsIssuer: c.issuer, cdsKeys: view(c).keys };
}
