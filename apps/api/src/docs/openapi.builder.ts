import { ErrorCodes, SCHEMAS } from '@vigil/contracts';
import type { RouteEntry } from '../manifest/route-manifest';
import { ROUTE_DOCS } from './route-docs';

const STATUS_TEXT: Record<number, string> = { 400: 'Invalid request', 401: 'Missing, malformed, unknown, revoked or expired key', 403: 'IP not allowed, scope missing or account suspended', 404: 'Not found', 413: 'Body over 64 KB', 415: 'Body is not application/json', 429: 'Rate limit (rate_limited) or monthly quota (quota_exceeded) exceeded; see Retry-After' };

function codesFor(status: number): string[] {
  return [...new Set(Object.values(ErrorCodes).filter((e) => e.status === status).map((e) => e.code))];
}

/** Builds the OpenAPI 3.1 document from the route manifest (paths, scopes) and the contracts' schemas. */
export function buildOpenApi(routes: RouteEntry[], serverUrl: string, keyPrefix: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes.filter((x) => !x.public)) {
    const doc = ROUTE_DOCS[`${r.method} ${r.path}`];
    if (!doc) continue;
    const oaPath = r.path.replace(/:(\w+)/g, '{$1}');
    const examplePath = doc.example?.path ?? r.path;
    const curl = [`curl -s ${r.method === 'GET' ? '' : `-X ${r.method} `}'${serverUrl}${examplePath}${doc.example?.query ? `?${doc.example.query}` : ''}'`, `  -H 'x-api-key: ${keyPrefix}_…'`, ...(doc.example?.body ? [`  -H 'content-type: application/json'`, `  -d '${JSON.stringify(doc.example.body)}'`] : [])].join(' \\\n');
    paths[oaPath] ??= {};
    paths[oaPath][r.method.toLowerCase()] = {
      summary: doc.summary,
      description: `${doc.description}\n\nRequired scope: ${r.scopes.length ? r.scopes.map((s) => `\`${s}\``).join(', ') : 'any valid key'}.`,
      security: [{ ApiKey: r.scopes }],
      'x-required-scopes': r.scopes,
      parameters: [
        ...(doc.query ?? []).map((q) => ({ in: 'query', name: q.name, required: q.required, description: q.description, schema: q.schema })),
        ...(doc.params ?? []).map((p) => ({ in: 'path', name: p.name, required: true, description: p.description, schema: { type: 'string' } })),
      ],
      ...(doc.request ? { requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${doc.request}` }, ...(doc.example?.body ? { example: doc.example.body } : {}) } } } } : {}),
      responses: {
        200: { description: 'OK', headers: { RateLimit: { schema: { type: 'string' } }, 'RateLimit-Policy': { schema: { type: 'string' } }, 'X-RateLimit-Remaining': { schema: { type: 'integer' } }, 'x-request-id': { schema: { type: 'string' } } }, content: { 'application/json': { schema: { $ref: `#/components/schemas/${doc.response}` } } } },
        ...Object.fromEntries(doc.errors.map((s) => [s, { description: `${STATUS_TEXT[s] ?? 'Error'} (codes: ${codesFor(s).join(', ')})`, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } }])),
      },
      'x-codeSamples': [{ lang: 'curl', source: curl }],
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Vigil drug-interaction API', version: '1', description: 'Self-hostable drug–drug interaction checking. Decision support, not a prescriber. Authenticate with an API key in the `x-api-key` header (never in the URL). Errors are RFC 9457 problem documents with a stable `code`.' },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } }, schemas: SCHEMAS },
    paths,
  };
}
