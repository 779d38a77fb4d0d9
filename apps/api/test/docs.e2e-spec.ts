import { createConfig, lintFromString } from '@redocly/openapi-core';
import { ErrorCodes, KEYED_ROUTE_ERRORS, PUBLIC_ROUTES } from '@vigil/contracts';
import { routeManifest } from '../src/manifest/route-manifest';
import { type RunningApi, startApi } from './support/start-api';

describe('OpenAPI document and reference page', () => {
  let api: RunningApi;
  let doc: Record<string, any>;
  beforeAll(async () => {
    api = await startApi();
    doc = await (await fetch(`${api.url}/openapi.json`)).json();
  });
  afterAll(async () => {
    await api.close();
  });

  it('the contracts describe exactly the protected routes the app serves, with the scopes and credentials its guards enforce', () => {
    const served = routeManifest(api.app)
      .filter((r) => !r.public)
      .map((r) => ({ route: `${r.method} ${r.path}`, scopes: r.scopes, cdsJwt: r.cdsJwt }))
      .sort((a, b) => a.route.localeCompare(b.route));
    const documented = PUBLIC_ROUTES.map((r) => ({ route: `${r.method} ${r.path}`, scopes: r.scopes, cdsJwt: r.acceptsCdsJwt === true })).sort((a, b) =>
      a.route.localeCompare(b.route),
    );
    expect(served).toEqual(documented);
  });

  it('passes Redocly lint with the recommended ruleset: 0 errors, 0 warnings', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('gives every operation an operationId, a summary, its own error codes only and three code samples', () => {
    const ops = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((byMethod) => Object.values(byMethod));
    expect(ops.map((o) => o.operationId)).toEqual(PUBLIC_ROUTES.map((r) => r.operationId));
    expect(ops[0].operationId).toBe('checkInteractions');
    for (const [i, op] of ops.entries()) {
      expect(op.summary).toBeTruthy();
      const codes = Object.entries(op.responses as Record<string, any>)
        .filter(([s]) => s !== '200')
        .flatMap(([, r]) => [
          ...((r.content['application/problem+json']?.schema.allOf[1].properties.code.enum as string[]) ?? []),
          // A FHIR route: the codes its OperationOutcome carries.
          ...((r.content['application/fhir+json']?.['x-problem-codes'] as string[]) ?? []),
        ]);
      const own = new Set([...PUBLIC_ROUTES[i].errors, ...KEYED_ROUTE_ERRORS].map((k) => ErrorCodes[k].code));
      expect(new Set(codes)).toEqual(own);
      expect(op['x-codeSamples'].map((s: { label: string }) => s.label)).toEqual(['curl', '@vigil/client', 'requests']);
    }
    const key = doc.paths['/v1/key'].get;
    // Its only 400 is a malformed usage tag, which any keyed route can answer.
    expect(key.responses['400'].content['application/problem+json'].schema.allOf[1].properties.code.enum).toEqual(['validation_failed']);
    expect(key.parameters).toEqual([expect.objectContaining({ in: 'header', name: 'x-vigil-tag', required: false })]);
    expect(JSON.stringify(key.responses)).not.toContain('insufficient_scope');
    expect(JSON.stringify(doc.paths)).not.toMatch(/csrf_failed|invalid_credentials|email_unverified|link_invalid/);
  });

  it('documents the fields a client reads (the ones an integrator found missing)', () => {
    const s = doc.components.schemas;
    expect(Object.keys(s.InteractionFinding.properties)).toEqual(expect.arrayContaining(['title', 'risks', 'sources', 'oncGroup']));
    expect(s.FindingEvidence.properties.level.enum).toContain('unknown');
    expect(Object.keys(s.FindingParticipant.properties)).toEqual(expect.arrayContaining(['ingredientId', 'role']));
    expect(Object.keys(s.DrugResolution.properties)).toEqual(expect.arrayContaining(['matched', 'reason', 'product', 'coverage']));
    expect(Object.keys(s.UnresolvedDrug.properties)).toEqual(expect.arrayContaining(['status', 'reason']));
    expect(Object.keys(s.CheckWarning.properties)).toContain('indexes');
    expect(Object.keys(s.CheckSummary.properties)).toContain('hiddenBySeverityFilter');
    expect(Object.keys(s.DrugSearchHit.properties)).toEqual(expect.arrayContaining(['ingredientId', 'match', 'score']));
    expect(Object.keys(s.DrugDetail.properties)).toEqual(expect.arrayContaining(['salts', 'products', 'enzymeRoles', 'riskDomains']));
    expect(JSON.stringify(doc)).not.toContain('"nullable"');
  });

  it('shows real responses as examples: the check example is this server’s answer to the example request', async () => {
    const check = doc.paths['/v1/interactions/check'].post;
    const example = check.responses['200'].content['application/json'].example;
    expect(example.kb.version).toBe(doc.paths['/v1/kb'].get.responses['200'].content['application/json'].example.version);
    expect(example.interactions.length).toBeGreaterThan(0);
    expect(example.interactions[0].title).toMatch(/warfarin/);
    expect(example.resolutions[2]).toMatchObject({ id: 'rx-3', status: 'resolved' });
  });

  it('renders /docs: Markdown, the check first, examples, errors per endpoint, three samples; no scripts, no CDN', async () => {
    const res = await fetch(`${api.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).not.toMatch(/<script|https?:\/\/cdn/i);
    // Markdown is rendered, not shown as literal backticks.
    expect(html).toContain('<code>x-api-key</code>');
    expect(html).not.toMatch(/`[a-z_-]+`/);
    expect(html.indexOf('id="checkInteractions"')).toBeLessThan(html.indexOf('id="searchDrugs"'));
    expect(html).toContain('<h4>DrugEntry</h4>');
    expect(html).toContain('Example response');
    expect(html).toContain('@vigil/client');
    expect(html).toContain('import os, requests');
    const keySection = html.slice(html.indexOf('id="describeKey"'), html.indexOf('id="problem"'));
    expect(keySection).not.toContain('insufficient_scope');
    expect(keySection).toContain('api_key_revoked');
  });
});
