import { ADMIN_ROUTES } from '../admin/admin-api.routes';
import { ADMIN_ROUTE_DOCS, ADMIN_ROUTE_TAGS } from '../admin/admin-route-docs';
import { adminRouteKey, buildAdminOpenApiDocument } from './admin-openapi-document.builder';

describe('admin OpenAPI document', () => {
  const doc = buildAdminOpenApiDocument() as { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> }; tags: { name: string }[] };
  const ops = Object.values(doc.paths).flatMap((byMethod) => Object.values(byMethod));

  it('ADMIN_ROUTE_DOCS describes exactly the rows of ADMIN_ROUTES', () => {
    expect(Object.keys(ADMIN_ROUTE_DOCS).sort()).toEqual(ADMIN_ROUTES.map(adminRouteKey).sort());
  });

  it('has one operation per route, each with a unique operationId, a summary and a known section', () => {
    expect(ops).toHaveLength(ADMIN_ROUTES.length);
    const ids = ops.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of ops) {
      expect(op.summary).toMatch(/\S/);
      expect(Object.keys(ADMIN_ROUTE_TAGS)).toContain(op.tags[0]);
    }
    // Every section holds at least one route.
    expect(new Set(ops.map((o) => o.tags[0]))).toEqual(new Set(Object.keys(ADMIN_ROUTE_TAGS)));
  });

  it('resolves every $ref to a component, and names every path parameter', () => {
    const text = JSON.stringify(doc);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.filter((r) => !(r in doc.components.schemas))).toEqual([]);
    expect(text).not.toContain('$defs');
    for (const [path, byMethod] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(byMethod)) expect((op.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name)).toEqual(names);
    }
  });

  it('states who may call each route: public routes need nothing, state-changing session routes need the CSRF header', () => {
    const at = (method: string, path: string) => doc.paths[path][method];
    expect(at('post', '/api/auth/login').security).toEqual([]);
    expect(at('get', '/api/keys').security).toEqual([{ Session: [] }]);
    expect(at('post', '/api/keys').security).toEqual([{ Session: [], Csrf: [] }]);
    expect(at('post', '/api/secret-scanning/github').security).toEqual([{ GitHubSignature: [] }]);
    expect(Object.keys(at('post', '/api/admin/keys/{id}/revoke').responses)).toEqual(expect.arrayContaining(['401', '403', '404']));
    expect(Object.keys(at('get', '/api/config').responses)).not.toContain('401');
    // A key's secret is answered exactly where the contract says: creating and rolling.
    expect(at('post', '/api/keys').responses['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CreatedApiKey' });
  });

  it('names the configured public URL as its server, else the server that served it', () => {
    expect((buildAdminOpenApiDocument({ serverUrl: 'https://admin.example.org' }) as any).servers[0].url).toBe('https://admin.example.org');
    expect((doc as any).servers[0].url).toBe('/');
  });
});
