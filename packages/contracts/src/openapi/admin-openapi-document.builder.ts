import { z } from 'zod';
import { ADMIN_ROUTES, type AdminRoute } from '../admin/admin-api.routes';
import { ADMIN_ROUTE_DOCS, ADMIN_ROUTE_TAGS, type AdminRouteAccess, type AdminRouteDoc } from '../admin/admin-route-docs';
import { type ErrorCodeKey, ErrorCodes } from '../error-codes';
import { ProblemSchema } from '../problem.response';
import { JSON_SCHEMA_PARAMS, type Json, componentSchemas, reachable, toJsonSchema } from './json-schema.helpers';

/** `METHOD path`, the key of `ADMIN_ROUTE_DOCS`. */
export const adminRouteKey = (r: Pick<AdminRoute, 'method' | 'path'>): string => `${r.method} ${r.path}`;

/** The description of a route; throws when a row of `ADMIN_ROUTES` has none (a contracts test keeps the tables in step). */
export function adminRouteDoc(route: AdminRoute): AdminRouteDoc {
  const d = ADMIN_ROUTE_DOCS[adminRouteKey(route)];
  if (!d) throw new Error(`ADMIN_ROUTE_DOCS has no entry for ${adminRouteKey(route)}`);
  return d;
}

/** A schema as a `$ref` when it is registered, else inline (nested registered schemas still by `$ref`). */
function schemaOf(schema: z.ZodType): Json {
  const id = z.globalRegistry.get(schema)?.id;
  if (id) return { $ref: `#/components/schemas/${id}` };
  // Registered schemas nested in it come out under `$defs`; the document has them as components already.
  const { $schema: _s, $defs: _d, ...rest } = z.toJSONSchema(schema, JSON_SCHEMA_PARAMS) as Json;
  return JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', '"#/components/schemas/')) as Json;
}

/** The refusals a route can answer with, by who may call it and what it takes. Route-specific codes go in `default`. */
function refusals(route: AdminRoute, access: AdminRouteAccess): ErrorCodeKey[] {
  const keys: ErrorCodeKey[] = [];
  if (route.body || route.query || route.params) keys.push('ValidationFailed');
  if (route.body) keys.push('InvalidJson');
  if (access === 'session' || access === 'internal-admin') keys.push('Unauthenticated', 'AccountSuspended');
  if ((access === 'session' || access === 'internal-admin') && route.method !== 'GET') keys.push('CsrfFailed');
  if (access === 'internal-admin') keys.push('Forbidden');
  if (access === 'github-signature') keys.push('Unauthenticated');
  if (/:\w+/.test(route.path)) keys.push('NotFound');
  keys.push('RateLimited');
  return keys;
}

const SECURITY: Record<AdminRouteAccess, (method: string) => Json[]> = {
  public: () => [],
  'github-signature': () => [{ GitHubSignature: [] }],
  session: (m) => [m === 'GET' ? { Session: [] } : { Session: [], Csrf: [] }],
  'internal-admin': (m) => [m === 'GET' ? { Session: [] } : { Session: [], Csrf: [] }],
};

const ACCESS_TEXT: Record<AdminRouteAccess, string> = {
  public: 'No sign-in needed.',
  session:
    'Signed in (session cookie); a state-changing call also sends the CSRF token in `x-csrf-token`. In an organisation, the member’s role decides (see the role × action table in the README).',
  'internal-admin': 'Internal admins only.',
  'github-signature': 'No session: GitHub signs the exact body (`github-public-key-identifier`, `github-public-key-signature`), verified with its published key.',
};

export interface AdminOpenApiOptions {
  /** The admin app's public URL when configured; else the document names `/` (the server that served it). */
  serverUrl?: string;
}

/**
 * The OpenAPI 3.1 document of the admin app (dashboard API, internal-admin API and the leak-report endpoint),
 * entirely from the contracts: `ADMIN_ROUTES` (schemas, success status) and `ADMIN_ROUTE_DOCS` (summary, section,
 * who may call it).
 */
export function buildAdminOpenApiDocument(options: AdminOpenApiOptions = {}, routes: readonly AdminRoute[] = ADMIN_ROUTES): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const roots: Json[] = [];
  for (const route of routes) {
    const d = adminRouteDoc(route);
    const oaPath = route.path.replace(/:(\w+)/g, '{$1}');
    const parameters: Json[] = [];
    const paramSchemas = route.params ? ((toJsonSchema(route.params).properties ?? {}) as Record<string, Json>) : {};
    for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
      const { description, ...schema } = paramSchemas[name] ?? { type: 'string' };
      parameters.push({ in: 'path', name, required: true, description: description ?? (name === 'version' ? 'Release version' : 'Identifier (UUID)'), schema });
    }
    if (route.query) {
      const q = toJsonSchema(route.query);
      const required = new Set((q.required as string[]) ?? []);
      for (const [name, schema] of Object.entries((q.properties ?? {}) as Record<string, Json>)) {
        const { description, ...rest } = schema;
        parameters.push({ in: 'query', name, required: required.has(name), description, schema: rest });
      }
    }
    const success: Json =
      route.status === 204 || !route.response
        ? { description: 'Done (no content)' }
        : { description: route.status === 201 ? 'Created' : route.status === 202 ? 'Accepted' : 'OK', content: { 'application/json': { schema: schemaOf(route.response) } } };
    const responses: Record<string, Json> = { [String(route.status)]: success };
    const byStatus = new Map<number, ErrorCodeKey[]>();
    for (const k of refusals(route, d.access)) byStatus.set(ErrorCodes[k].status, [...(byStatus.get(ErrorCodes[k].status) ?? []), k]);
    for (const [status, keys] of [...byStatus].sort(([a], [b]) => a - b)) {
      responses[String(status)] = {
        description: keys.map((k) => `\`${ErrorCodes[k].code}\`: ${ErrorCodes[k].title}`).join('; '),
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
      };
    }
    responses.default = {
      description: 'Any other refusal, as a problem document with a stable `code` (the README lists every code)',
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    };
    const requestBody = route.body ? { required: true, content: { 'application/json': { schema: schemaOf(route.body) } } } : undefined;
    roots.push(responses, ...(requestBody ? [requestBody] : []));
    paths[oaPath] ??= {};
    paths[oaPath][route.method.toLowerCase()] = {
      operationId: d.operationId,
      tags: [d.tag],
      summary: d.summary,
      description: `${ACCESS_TEXT[d.access]}${route.external ? ' The body is a third party’s format: fields it may add are accepted.' : ''}`,
      security: SECURITY[d.access](route.method),
      'x-vigil-access': d.access,
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }
  roots.push({ $ref: '#/components/schemas/Problem' });
  void ProblemSchema; // registered as `Problem` by importing it
  const schemas = reachable(componentSchemas(), roots);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vigil admin API',
      version: '1',
      summary: 'Accounts, API keys, organisations, projects, webhooks and the platform operators’ routes.',
      description: [
        'The API behind the Vigil dashboard, served by the admin app. The drug-interaction API itself (API keys in `x-api-key`) has its own document on the API app (`/openapi.json`).',
        '',
        'Sign in with `POST /api/auth/login`: it sets the `vigil_session` cookie and returns a CSRF token, which every state-changing call sends in `x-csrf-token`. Errors are RFC 9457 problem documents (`application/problem+json`) with a stable `code`; branch on it. A key’s secret appears in exactly one answer (create or roll) and never again.',
      ].join('\n'),
      license: { name: 'Apache 2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: options.serverUrl ?? '/', description: 'This deployment’s admin app' }],
    tags: Object.entries(ADMIN_ROUTE_TAGS).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        Session: { type: 'apiKey', in: 'cookie', name: 'vigil_session', description: 'The session cookie `POST /api/auth/login` sets (HttpOnly)' },
        Csrf: { type: 'apiKey', in: 'header', name: 'x-csrf-token', description: 'The CSRF token returned by sign-in (also in the `vigil_csrf` cookie)' },
        GitHubSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'github-public-key-signature',
          description: 'GitHub’s ECDSA signature over the exact body, with `github-public-key-identifier` naming its published key',
        },
      },
      schemas,
    },
    security: [{ Session: [] }],
    paths,
  };
}
