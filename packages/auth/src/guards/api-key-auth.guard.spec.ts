import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { generateApiKey, hashApiKey } from '../keys/api-key-format';
import type { ApiKeyPrincipal } from '../policy/api-key-principal';
import { ApiKeyAuthGuard } from './api-key-auth.guard';
import { ProblemException } from '../errors/problem.exception';
import type { ApiKeyPrincipalSource } from './key-policy.tokens';

/** Records lookups: the point is that malformed keys never reach storage. */
class CountingSource implements ApiKeyPrincipalSource {
  calls: string[] = [];
  constructor(private readonly known: Map<string, ApiKeyPrincipal>) {}
  findByHash(hash: string) {
    this.calls.push(hash);
    return this.known.get(hash) ?? null;
  }
}

function context(headers: Record<string, unknown>): ExecutionContext {
  const req = { headers };
  const handler = () => undefined;
  class Controller {}
  // Nest's own context, as the guard pipeline builds it for an HTTP call: arguments [request, reply].
  return new ExecutionContextHost([req, {}], Controller, handler);
}

describe('ApiKeyAuthGuard', () => {
  const good = generateApiKey('vigil');
  const principal = { keyId: 'k1' } as ApiKeyPrincipal;
  const make = () => {
    const source = new CountingSource(new Map([[hashApiKey(good), principal]]));
    return { source, guard: new ApiKeyAuthGuard(new Reflector(), source, { keyPrefix: 'vigil', trustedProxies: [] }) };
  };

  it.each([
    ['missing', {}, 'api_key_missing'],
    ['empty', { 'x-api-key': '' }, 'api_key_missing'],
    ['wrong prefix', { 'x-api-key': generateApiKey('other') }, 'api_key_malformed'],
    ['bad checksum', { 'x-api-key': `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}` }, 'api_key_malformed'],
    ['repeated header', { 'x-api-key': [good, good] }, 'api_key_malformed'],
    ['truncated', { 'x-api-key': good.slice(0, 20) }, 'api_key_malformed'],
  ])('%s → %s without any lookup', async (_n, headers, code) => {
    const { source, guard } = make();
    const error = await Promise.resolve()
      .then(() => guard.canActivate(context(headers)))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProblemException);
    expect(error).toMatchObject({ code });
    expect(source.calls).toEqual([]);
  });

  it('looks up a well-formed key once by its SHA-256 and attaches the principal', async () => {
    const { source, guard } = make();
    const ctx = context({ 'x-api-key': good });
    expect(await guard.canActivate(ctx)).toBe(true);
    expect(source.calls).toEqual([hashApiKey(good)]);
    expect(ctx.switchToHttp().getRequest<{ vigilKey: unknown }>().vigilKey).toBe(principal);
  });

  it('a well-formed unknown key → api_key_invalid after one lookup', async () => {
    const { source, guard } = make();
    const error = await Promise.resolve()
      .then(() => guard.canActivate(context({ 'x-api-key': generateApiKey('vigil') })))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'api_key_invalid' });
    expect(source.calls).toHaveLength(1);
  });
});
