import { type ErrorCodeKey, ErrorCodes } from '../error-codes';
import { ProblemSchema } from '../problem.response';
import { FHIR_JSON_CONTENT_TYPE } from '../fhir/fhir-check.request';
import { USAGE_TAG_HEADER, USAGE_TAG_PATTERN } from '../usage/usage-tag';
import { FhirOperationOutcomeSchema } from '../fhir/fhir-check.response';
import { PUBLIC_ROUTES, type PublicRoute, routeErrorKeys } from './public-api.routes';
import { type Json, componentSchemas, reachable, ref, toJsonSchema } from './json-schema.helpers';

/** Refusals made before a route runs: problem+json whatever the route's format. */
const BEFORE_ROUTING: ReadonlySet<ErrorCodeKey> = new Set(['InvalidJson', 'PayloadTooLarge', 'UnsupportedMediaType']);
const BEFORE_ROUTING_CODES: ReadonlySet<string> = new Set([...BEFORE_ROUTING].map((k) => ErrorCodes[k].code));

function routeErrors(route: PublicRoute): Map<number, ErrorCodeKey[]> {
  const byStatus = new Map<number, ErrorCodeKey[]>();
  for (const key of routeErrorKeys(route)) {
    const status = ErrorCodes[key].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), key]);
  }
  return new Map([...byStatus.entries()].sort(([a], [b]) => a - b));
}

export interface OpenApiOptions {
  /**
   * Base URL the code samples use: the deployment's public URL when configured, else where a developer runs it. The
   * document's `servers` entry is the public URL when configured, else `/` (the server that served the document,
   * which stays right behind any proxy).
   */
  serverUrl: string;
  /** True when `serverUrl` is the configured public URL. */
  serverUrlIsPublic?: boolean;
  /** Prefix of API keys in this deployment (examples show `<prefix>_…`). */
  keyPrefix: string;
}

/** Code samples of one route: curl, `@vigil/client` and Python `requests`, all running the route's example. */
export function codeSamples(route: PublicRoute, { serverUrl, keyPrefix }: OpenApiOptions): { lang: string; label: string; source: string }[] {
  const path = route.path.replace(/:(\w+)/g, (_m, p: string) => encodeURIComponent(route.example.params?.[p] ?? p));
  const query = route.example.query ? `?${new URLSearchParams(route.example.query).toString()}` : '';
  const body = route.example.body;
  const curl = [
    `curl -s ${route.method === 'GET' ? '' : `-X ${route.method} `}'${serverUrl}${path}${query}'`,
    `  -H "x-api-key: $VIGIL_API_KEY"`,
    ...(body ? [`  -H 'content-type: ${route.format === 'fhir' ? FHIR_JSON_CONTENT_TYPE : 'application/json'}'`, `  -d '${JSON.stringify(body)}'`] : []),
  ].join(' \\\n');
  const clientCall: Record<string, string> = {
    checkInteractions: `await vigil.interactions.check(${JSON.stringify(body)})`,
    searchDrugs: `await vigil.drugs.search(${JSON.stringify(route.example.query?.q ?? '')}, { limit: ${Number(route.example.query?.limit ?? 10)} })`,
    getDrug: `await vigil.drugs.get(${JSON.stringify(route.example.params?.id ?? '')})`,
    getKnowledgeBase: 'await vigil.kb.get()',
    describeKey: 'await vigil.key.describe()',
    callCdsService: `await vigil.cds.call(${JSON.stringify(route.example.params?.id ?? '')}, ${JSON.stringify(body)})`,
    sendCdsFeedback: `await vigil.cds.feedback(${JSON.stringify(route.example.params?.id ?? '')}, ${JSON.stringify(body)})`,
    checkInteractionsFhir: `await vigil.fhir.checkInteractions(${JSON.stringify(body)})`,
  };
  const ts = [
    `import { VigilClient } from '@vigil/client';`,
    '',
    `const vigil = new VigilClient({ baseUrl: '${serverUrl}', apiKey: process.env.VIGIL_API_KEY! });`,
    `const result = ${clientCall[route.operationId] ?? 'undefined'};`,
  ].join('\n');
  const py = [
    'import os, requests',
    '',
    `r = requests.${route.method.toLowerCase()}(`,
    `    "${serverUrl}${path}",`,
    ...(route.example.query ? [`    params=${JSON.stringify(route.example.query)},`] : []),
    ...(body
      ? [
          `    json=${JSON.stringify(body)
            .replace(/\btrue\b/g, 'True')
            .replace(/\bfalse\b/g, 'False')
            .replace(/\bnull\b/g, 'None')},`,
        ]
      : []),
    `    headers={"x-api-key": os.environ["VIGIL_API_KEY"]},  # a ${keyPrefix}_… key`,
    '    timeout=10,',
    ')',
    'r.raise_for_status()',
    'result = r.json()',
  ].join('\n');
  return [
    { lang: 'Shell', label: 'curl', source: curl },
    { lang: 'TypeScript', label: '@vigil/client', source: ts },
    { lang: 'Python', label: 'requests', source: py },
  ];
}

/**
 * The OpenAPI 3.1 document of the public API, entirely from the contracts: schemas, routes, error codes.
 * `examples` (by operationId) are shown as the 200 response example; the API passes real responses.
 */
export function buildOpenApiDocument(options: OpenApiOptions, routes: readonly PublicRoute[] = PUBLIC_ROUTES, examples: Record<string, unknown> = {}): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const roots: Json[] = [];
  for (const route of routes) {
    const oaPath = route.path.replace(/:(\w+)/g, '{$1}');
    const parameters: Json[] = [];
    if (route.query) {
      const q = toJsonSchema(route.query);
      const required = new Set((q.required as string[]) ?? []);
      for (const [name, schema] of Object.entries(q.properties as Record<string, Json>)) {
        const { description, ...rest } = schema;
        parameters.push({
          in: 'query',
          name,
          required: required.has(name),
          description,
          schema: rest,
          ...(route.example.query?.[name] ? { example: rest.type === 'integer' ? Number(route.example.query[name]) : route.example.query[name] } : {}),
        });
      }
    }
    for (const p of route.params ?? []) parameters.push({ in: 'path', name: p.name, required: true, description: p.description, schema: { type: 'string' }, example: p.example });
    parameters.push({
      in: 'header',
      name: USAGE_TAG_HEADER,
      required: false,
      description:
        'Optional usage tag: attributes the call to a module of your system (e.g. `pharmacy-module`), so the dashboard and `./vigil usage tags` split your usage by module. Case-insensitive; a malformed value is refused with 400 `validation_failed`.',
      schema: { type: 'string', pattern: USAGE_TAG_PATTERN.source, maxLength: 64 },
    });
    const responses: Record<string, Json> = {
      200: {
        description: 'OK',
        headers: {
          'x-request-id': { description: 'Request id; quote it in support requests', schema: { type: 'string' } },
          RateLimit: { description: 'Remaining requests and seconds to the window reset (IETF draft)', schema: { type: 'string' } },
          'RateLimit-Policy': { description: 'The key’s limit and window (IETF draft)', schema: { type: 'string' } },
        },
        content: {
          [route.format === 'fhir' ? FHIR_JSON_CONTENT_TYPE : 'application/json']: {
            schema: ref(route.response),
            ...(examples[route.operationId] !== undefined ? { example: examples[route.operationId] } : {}),
          },
        },
      },
    };
    for (const [status, keys] of routeErrors(route)) {
      const codes = keys.map((k) => ErrorCodes[k].code);
      const retry = status === 429 || status === 503;
      responses[String(status)] = {
        description: keys.map((k) => `\`${ErrorCodes[k].code}\`: ${ErrorCodes[k].title}`).join('; '),
        ...(retry ? { headers: { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } } } } : {}),
        content: {
          // A FHIR route answers its errors as OperationOutcome; refusals made before routing stay problem+json.
          // `x-problem-codes`: the codes its first issue can carry (`issue[0].details.coding[0].code`).
          ...(route.format === 'fhir'
            ? { [FHIR_JSON_CONTENT_TYPE]: { schema: ref(FhirOperationOutcomeSchema), 'x-problem-codes': codes.filter((c) => !BEFORE_ROUTING_CODES.has(c)) } }
            : {}),
          ...(route.format !== 'fhir' || keys.some((k) => BEFORE_ROUTING.has(k))
            ? {
                'application/problem+json': {
                  schema: {
                    allOf: [
                      { $ref: '#/components/schemas/Problem' },
                      { type: 'object', properties: { code: { type: 'string', enum: route.format === 'fhir' ? codes.filter((c) => BEFORE_ROUTING_CODES.has(c)) : codes } } },
                    ],
                  },
                },
              }
            : {}),
        },
      };
    }
    const requestMedia = { schema: route.request ? ref(route.request) : undefined, ...(route.example.body ? { example: route.example.body } : {}) };
    const requestBody = route.request
      ? { required: true, content: route.format === 'fhir' ? { [FHIR_JSON_CONTENT_TYPE]: requestMedia, 'application/json': requestMedia } : { 'application/json': requestMedia } }
      : undefined;
    roots.push(responses, ...(requestBody ? [requestBody] : []));
    paths[oaPath] ??= {};
    paths[oaPath][route.method.toLowerCase()] = {
      operationId: route.operationId,
      tags: [route.tag],
      summary: route.summary,
      description: `${route.description}\n\nRequired scope: ${route.scopes.length ? route.scopes.map((s) => `\`${s}\``).join(', ') : 'any valid key'}.`,
      security: route.acceptsCdsJwt ? [{ ApiKey: [] }, { CdsHooksJwt: [] }] : [{ ApiKey: [] }],
      'x-required-scopes': route.scopes,
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
      'x-codeSamples': codeSamples(route, options),
    };
  }
  roots.push({ $ref: '#/components/schemas/Problem' });
  void ProblemSchema; // registered as `Problem` by importing it
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vigil drug-interaction API',
      version: '1',
      summary: 'Self-hostable drug–drug interaction checking.',
      description: [
        'Send a medication list, get back every interacting pair with severity, mechanism, management and evidence.',
        '',
        '**Decision support, not a prescriber**: every check carries a disclaimer, and says when it is incomplete.',
        '',
        'Authenticate with an API key in the `x-api-key` header (never in the URL). Errors are RFC 9457 problem documents (`application/problem+json`) with a stable `code`; branch on it. Responses may gain fields in a minor release: ignore fields you do not know.',
      ].join('\n'),
      license: { name: 'Apache 2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: options.serverUrlIsPublic ? options.serverUrl : '/', description: 'This deployment' }],
    tags: [
      { name: 'Interactions', description: 'Check a medication list.' },
      { name: 'Drugs', description: 'Find drugs and see what the knowledge base knows about them.' },
      { name: 'Knowledge base', description: 'Which release answers, and its sources.' },
      { name: 'Keys', description: 'The calling API key.' },
      { name: 'CDS Hooks', description: 'CDS Hooks 2.0 services for EHRs (discovery at `GET /cds-services`, no key needed).' },
      { name: 'FHIR R4', description: 'FHIR R4 operations (`application/fhir+json`): medication resources in, `DetectedIssue`s out; errors are `OperationOutcome`s.' },
    ],
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'An API key from the dashboard' },
        CdsHooksJwt: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'CDS Hooks 2.0 JWT signed by the EHR (ES384 or RS384; `iss` registered on a key with its public JWK set in the dashboard; `aud` the exact service URL; `exp`, `iat`, `jti` required, a `jti` is accepted once). The key the issuer is registered on sets scopes, IP allowlist and limits.',
        },
      },
      schemas: reachable(componentSchemas(), roots),
    },
    security: [{ ApiKey: [] }],
    paths,
  };
}
