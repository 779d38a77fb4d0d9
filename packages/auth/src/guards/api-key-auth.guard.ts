import { type CanActivate, type ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { checkKeyFormat, hashApiKey } from '../keys/api-key-format';
import type { ApiKeyPrincipal } from '../policy/api-key-principal';
import { routeAuthMetadata } from './route-metadata';
import { keyProblem } from './key-problem';
import { httpRequest, keyState } from './key-request';
import { API_KEY_PRINCIPALS, type ApiKeyPrincipalSource, CDS_JWT_PRINCIPALS, type CdsJwtPrincipalSource, KEY_POLICY_OPTIONS, type KeyPolicyOptions } from './key-policy.tokens';

/**
 * Guard 1: reads only `x-api-key`, checks prefix/length/alphabet/checksum before any I/O, then SHA-256 lookup. On a
 * route marked `@AcceptsCdsJwt()`, a request without `x-api-key` may authenticate with a CDS Hooks JWT instead; it
 * resolves to the API key its issuer is registered on, and the remaining guards treat that key as usual.
 */
@Injectable()
export class ApiKeyAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(API_KEY_PRINCIPALS) private readonly principals: ApiKeyPrincipalSource,
    @Inject(KEY_POLICY_OPTIONS) private readonly options: KeyPolicyOptions,
    @Optional() @Inject(CDS_JWT_PRINCIPALS) private readonly cdsJwt?: CdsJwtPrincipalSource,
  ) {}

  /** Synchronous on a cache hit: no promise on the hot path. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const req = httpRequest<{ url?: string; headers: Record<string, string | string[] | undefined> }>(context);
    const meta = routeAuthMetadata(this.reflector, context);
    if (meta.isPublic) {
      keyState(req).vigilPublic = true;
      return true;
    }
    const header = req.headers['x-api-key'];
    if ((header === undefined || header === '') && meta.acceptsCdsJwt && this.cdsJwt) {
      const bearer = bearerToken(req.headers.authorization);
      if (bearer !== undefined) return this.cdsJwt.authenticate(bearer, req).then((p) => this.attach(req, p));
    }
    if (header === undefined || header === '') {
      // A CDS Hooks route takes either credential: say both, and challenge both schemes (RFC 9110 allows several).
      if (meta.acceptsCdsJwt && this.cdsJwt) {
        throw keyProblem('ApiKeyMissing', 'Send your API key in the x-api-key header, or the CDS Hooks JWT of a registered issuer as Authorization: Bearer <JWT>.', {
          'www-authenticate': 'ApiKey, Bearer',
        });
      }
      throw keyProblem('ApiKeyMissing', 'Send your API key in the x-api-key header.', { 'www-authenticate': 'ApiKey' });
    }
    if (typeof header !== 'string' || !checkKeyFormat(this.options.keyPrefix, header).ok) {
      throw keyProblem('ApiKeyMalformed', `The x-api-key value is not a well-formed ${this.options.keyPrefix}_ key (check for truncation or typos).`, {
        'www-authenticate': 'ApiKey',
      });
    }
    const found = this.principals.findByHash(hashApiKey(header));
    return found instanceof Promise ? found.then((p) => this.attach(req, p)) : this.attach(req, found);
  }

  private attach(req: unknown, principal: ApiKeyPrincipal | null): boolean {
    if (!principal) throw keyProblem('ApiKeyInvalid', 'This API key is not recognised.', { 'www-authenticate': 'ApiKey' });
    keyState(req).vigilKey = principal;
    return true;
  }
}

/** The token of an `Authorization: Bearer …` header, or undefined. */
function bearerToken(value: string | string[] | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(value);
  return m ? m[1] : undefined;
}
