import { Inject, Injectable } from '@nestjs/common';
import type { ApiKeyPrincipal, CdsJwtPrincipalSource } from '@vigil/auth';
import { CdsRepository } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { decodeJwt, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { DataSource } from 'typeorm';
import { API_CONFIG } from '../config/api-config.token';
import type { ApiConfig } from '../config/api-env.schema';
import { CdsClientDirectory } from './cds-client.directory';

/** The only signature algorithms accepted (CDS Hooks 2.0): asymmetric, never `none`, never HMAC. */
export const CDS_JWT_ALGORITHMS = ['ES384', 'RS384'] as const;
/** Clock skew tolerated on `exp`/`iat`, and the longest lifetime a token may claim (bounds the replay table). */
const CLOCK_TOLERANCE_S = 60;
const MAX_LIFETIME_S = 3600;

interface RequestLike {
  url?: string;
  protocol?: string;
  host?: string;
  headers: Record<string, string | string[] | undefined>;
}

const refuse = (detail: string) => new ProblemException('CdsJwtInvalid', { detail, headers: { 'www-authenticate': 'Bearer' } });

/**
 * Verifies the CDS Hooks JWT of a service call: an ES384/RS384 signature by a key of the issuer's registered JWK set,
 * `aud` equal to the exact URL called, `exp`/`iat` within bounds and a `jti` never seen before on any instance
 * (PostgreSQL). Returns the principal of the API key the issuer is registered on.
 */
@Injectable()
export class CdsJwtAuthenticator implements CdsJwtPrincipalSource {
  private readonly repo: CdsRepository;

  constructor(
    dataSource: DataSource,
    private readonly directory: CdsClientDirectory,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {
    this.repo = new CdsRepository(dataSource);
  }

  async authenticate(token: string, request: RequestLike): Promise<ApiKeyPrincipal> {
    let alg: unknown;
    let iss: unknown;
    try {
      alg = decodeProtectedHeader(token).alg;
      iss = decodeJwt(token).iss;
    } catch {
      throw refuse('The bearer token is not a well-formed JWT.');
    }
    if (typeof alg !== 'string' || !(CDS_JWT_ALGORITHMS as readonly string[]).includes(alg)) {
      throw refuse(`JWT alg "${String(alg)}" is refused: CDS Hooks JWTs must be signed with ${CDS_JWT_ALGORITHMS.join(' or ')}.`);
    }
    if (typeof iss !== 'string' || iss === '') throw refuse('The JWT has no iss claim.');
    const client = await this.directory.find(iss);
    if (!client) {
      throw new ProblemException('CdsIssuerUnknown', {
        detail: 'No API key has this JWT issuer registered; register the issuer and its public JWK set on a key in the dashboard.',
        headers: { 'www-authenticate': 'Bearer' },
      });
    }
    const audiences = this.audiences(request);
    let payload;
    try {
      ({ payload } = await jwtVerify(token, client.keys, {
        algorithms: [...CDS_JWT_ALGORITHMS],
        issuer: iss,
        audience: audiences,
        requiredClaims: ['exp', 'iat', 'jti'],
        clockTolerance: CLOCK_TOLERANCE_S,
      }));
    } catch (error) {
      throw refuse(this.reason(error, audiences[0]));
    }
    const now = Math.floor(Date.now() / 1000);
    if (payload.exp! - now > MAX_LIFETIME_S) throw refuse(`The JWT expires more than ${MAX_LIFETIME_S} seconds from now; CDS clients sign short-lived tokens.`);
    if (payload.iat! > now + CLOCK_TOLERANCE_S) throw refuse('The JWT was issued in the future (iat).');
    if (typeof payload.jti !== 'string' || payload.jti === '' || payload.jti.length > 200) throw refuse('The JWT jti must be a non-empty string.');
    const fresh = await this.repo.claimJwtId(iss, payload.jti, new Date((payload.exp! + CLOCK_TOLERANCE_S) * 1000)).catch(() => {
      throw new ProblemException('ServiceUnavailable', { detail: 'The replay store is unreachable; retry shortly.', headers: { 'retry-after': '5' } });
    });
    if (!fresh) {
      throw new ProblemException('CdsJwtReplayed', { detail: 'This JWT (jti) was already used: sign a new token for every call.', headers: { 'www-authenticate': 'Bearer' } });
    }
    return client.principal;
  }

  /** The URL called (the service, or its feedback endpoint, which also accepts the service URL). */
  private audiences(request: RequestLike): string[] {
    const host = request.host ?? (typeof request.headers.host === 'string' ? request.headers.host : '');
    const base = (this.config.PUBLIC_API_URL ?? `${request.protocol ?? 'http'}://${host}`).replace(/\/+$/, '');
    const path = (request.url ?? '').split('?')[0];
    const url = `${base}${path}`;
    return path.endsWith('/feedback') ? [url, url.slice(0, -'/feedback'.length)] : [url];
  }

  private reason(error: unknown, audience: string): string {
    if (error instanceof errors.JWTExpired) return 'The JWT has expired (exp).';
    if (error instanceof errors.JWTClaimValidationFailed) {
      if (error.claim === 'aud') return `The JWT aud must be exactly ${audience}.`;
      return `The JWT ${error.claim} claim is missing or invalid.`;
    }
    if (error instanceof errors.JWKSNoMatchingKey) return 'No key of the registered JWK set matches the JWT (kid/alg).';
    if (error instanceof errors.JWSSignatureVerificationFailed) return 'The JWT signature does not verify with the registered keys.';
    if (error instanceof errors.JOSEAlgNotAllowed) return `CDS Hooks JWTs must be signed with ${CDS_JWT_ALGORITHMS.join(' or ')}.`;
    return 'The JWT could not be verified.';
  }
}
