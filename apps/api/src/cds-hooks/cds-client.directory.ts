import { Injectable, Logger } from '@nestjs/common';
import type { ApiKeyPrincipal } from '@vigil/auth';
import { CdsRepository, type KeyEvent, type StoredJwks } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { type JWTVerifyGetKey, createLocalJWKSet } from 'jose';
import { DataSource } from 'typeorm';
import { ApiKeyPrincipalService } from '../keys/api-key-principal.service';

/** A registered CDS client: its key's principal and a verifier over its stored public keys. */
export interface CdsClientEntry {
  issuer: string;
  principal: ApiKeyPrincipal;
  keys: JWTVerifyGetKey;
}

interface Cached {
  entry: CdsClientEntry | null;
  loadedAt: number;
}

const TTL_MS = 30_000;
const UNKNOWN_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Registered CDS issuers by `iss`, cached in-process and evicted by the same key events as key principals, so a
 * revoked key or a changed registration stops its JWTs on every instance within the NOTIFY delay. The issuer's keys
 * are the JWK set stored at registration: never fetched from the issuer on the request path.
 */
@Injectable()
export class CdsClientDirectory {
  private readonly logger = new Logger('CdsClients');
  private readonly cache = new Map<string, Cached>();
  private readonly issuerByKeyId = new Map<string, string>();
  private readonly repo: CdsRepository;
  private generation = 0;

  constructor(
    dataSource: DataSource,
    private readonly principals: ApiKeyPrincipalService,
  ) {
    this.repo = new CdsRepository(dataSource);
  }

  async find(issuer: string): Promise<CdsClientEntry | null> {
    const now = Date.now();
    const hit = this.cache.get(issuer);
    if (hit && now - hit.loadedAt < (hit.entry ? TTL_MS : UNKNOWN_TTL_MS)) return hit.entry;
    const generation = this.generation;
    let row;
    try {
      row = await this.repo.findClientByIssuer(issuer);
    } catch (error) {
      this.logger.error(`CDS client lookup failed: ${(error as Error).message}`);
      throw new ProblemException('ServiceUnavailable', { detail: 'The key store is unreachable; retry shortly.', headers: { 'retry-after': '5' } });
    }
    const entry = row ? { issuer: row.issuer, principal: this.principals.toPrincipal(row.key), keys: localKeys(row.jwks) } : null;
    if (generation === this.generation) {
      if (this.cache.size >= MAX_ENTRIES) this.clear();
      this.cache.set(issuer, { entry, loadedAt: now });
      if (row) this.issuerByKeyId.set(row.key.id, issuer);
    }
    return entry;
  }

  evict(event: KeyEvent): void {
    this.generation++;
    if (event.type === 'key') {
      const issuer = this.issuerByKeyId.get(event.keyId);
      if (issuer) this.cache.delete(issuer);
      // A new registration may make an unknown issuer known.
      for (const [k, v] of this.cache) if (!v.entry) this.cache.delete(k);
    } else {
      this.clear();
    }
  }

  clear(): void {
    this.generation++;
    this.cache.clear();
    this.issuerByKeyId.clear();
  }
}

function localKeys(jwks: StoredJwks): JWTVerifyGetKey {
  return createLocalJWKSet(jwks);
}
