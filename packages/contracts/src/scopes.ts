import { z } from 'zod';

/** Endpoint scopes an API key can carry (`resource:action`). */
export const Scopes = {
  InteractionsCheck: 'interactions:check',
  DrugsRead: 'drugs:read',
  KbRead: 'kb:read',
  CdsInvoke: 'cds:invoke',
} as const;

export type Scope = (typeof Scopes)[keyof typeof Scopes];

/** Every public scope, in display order. A key created without scopes gets all of them. */
export const PUBLIC_SCOPES: readonly Scope[] = Object.freeze([Scopes.InteractionsCheck, Scopes.DrugsRead, Scopes.KbRead, Scopes.CdsInvoke]);

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (PUBLIC_SCOPES as readonly string[]).includes(value);
}

/** A public scope, as a schema (key requests and responses). */
export const ScopeSchema = z.enum(PUBLIC_SCOPES as [string, ...string[]], { error: `must be one of ${PUBLIC_SCOPES.join(', ')}` });
