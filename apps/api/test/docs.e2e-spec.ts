import { routeManifest } from '../src/manifest/route-manifest';
import { type RunningApi, startApi } from './support/start-api';

describe('OpenAPI document and reference page', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('documents every protected route with its scopes, every error status and a curl example', async () => {
    const res = await fetch(`${api.url}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const r of routeManifest(api.app).filter((x) => !x.public)) {
      const op = doc.paths[r.path.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      expect([`${r.method} ${r.path}`, Boolean(op)]).toEqual([`${r.method} ${r.path}`, true]);
      expect(op['x-required-scopes']).toEqual(r.scopes);
      expect(op.responses['401']).toBeDefined();
      expect(op.responses['429']).toBeDefined();
      expect(op['x-codeSamples'][0].source).toContain("-H 'x-api-key: vigil_");
    }
    const check = doc.paths['/v1/interactions/check'].post;
    expect(Object.keys(check.responses).sort()).toEqual(['200', '400', '401', '403', '413', '415', '429']);
    expect(doc.components.schemas.CheckInteractionsResponse.properties).toHaveProperty('disclaimer');
  });

  it('renders /docs as a self-contained HTML page (no scripts, no CDN)', async () => {
    const res = await fetch(`${api.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('/v1/interactions/check');
    expect(html).toContain('minSeverity');
    expect(html).not.toMatch(/<script|https?:\/\/cdn/i);
  });
});
