import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { type RunningApi, startApi } from './support/start-api';

type Json = Record<string, any>;

/**
 * What an integrator does with our OpenAPI: generate types with openapi-typescript from the served document and use
 * them with openapi-fetch. The sample below reads every documented field of every schema (written out from the
 * document itself) plus the calls a client makes; it must type-check under `strict`.
 */
describe('a client generated from /openapi.json type-checks against every documented field', () => {
  let api: RunningApi;
  const dir = join(__dirname, '.generated-client');
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function fieldReads(schemas: Record<string, Json>): string {
    const lines: string[] = [];
    for (const [name, schema] of Object.entries(schemas)) {
      if (!schema.properties) continue;
      const required = new Set<string>(schema.required ?? []);
      const reads = Object.keys(schema.properties).map((p) => `  x${required.has(p) ? '' : '?'}.${p === 'in' ? '["in"]' : p},`);
      lines.push(`export function read${name}(x: components['schemas']['${name}']) {\n  return [\n${reads.join('\n')}\n  ];\n}`);
      // Problem is open for extension members (RFC 9457); every other schema is closed to the reader.
      if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) continue;
      lines.push(
        `export function notA${name}Field(x: components['schemas']['${name}']) {\n  // @ts-expect-error a field the schema does not document must not type-check\n  return x.notADocumentedField;\n}`,
      );
    }
    return lines.join('\n\n');
  }

  it('openapi-typescript + openapi-fetch: strict type-check passes, and an undocumented field is an error', async () => {
    const doc = (await (await fetch(`${api.url}/openapi.json`)).json()) as Json;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'schema.d.ts'), astToString(await openapiTS(doc as never)));
    const sample = `import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

export async function integrator(baseUrl: string, apiKey: string): Promise<string[]> {
  const client = createClient<paths>({ baseUrl, headers: { 'x-api-key': apiKey } });
  const { data, error } = await client.POST('/v1/interactions/check', { body: { drugs: ['warfarin', { name: 'ibuprofen' }, { id: 'x', rxcui: '36567' }], options: { minSeverity: 'moderate', include: ['management'] } } });
  if (error) return [error.code, error.detail, ...(error.errors ?? []).map((e) => e.pointer)];
  const out: string[] = [data.kb.version, String(data.summary.complete), String(data.summary.hiddenBySeverityFilter), String(data.summary.counts.major)];
  for (const f of data.interactions) out.push(f.title, f.severity, f.evidence?.level ?? '', ...f.risks, ...f.sources, String(f.oncGroup ?? ''), ...f.participants.map((p) => p.ingredientId + (p.role ?? '')));
  for (const r of data.resolutions) out.push(r.matched ?? '', r.reason ?? '', r.product ?? '', r.coverage ?? '');
  for (const u of data.unresolved) out.push(u.status, u.reason ?? '');
  for (const w of data.warnings) out.push(w.code, ...(w.indexes ?? []).map(String));
  const search = await client.GET('/v1/drugs/search', { params: { query: { q: 'lipi', limit: 5 } } });
  for (const h of search.data?.results ?? []) out.push(h.ingredientId ?? '', h.match, String(h.score));
  const drug = await client.GET('/v1/drugs/{id}', { params: { path: { id: 'warfarin' } } });
  if (drug.data) out.push(...drug.data.salts, ...drug.data.products.map((p) => p.name), ...drug.data.enzymeRoles.map((r) => r.enzyme), ...drug.data.riskDomains, drug.data.rxcui ?? '');
  const kb = await client.GET('/v1/kb');
  if (kb.data) out.push(String(kb.data.counts.rules));
  const key = await client.GET('/v1/key');
  if (key.data) out.push(key.data.expiresAt ?? 'never', String(key.data.rateLimit.windowSeconds));
  return out;
}

${fieldReads(doc.components.schemas)}
`;
    writeFileSync(join(dir, 'sample.ts'), sample);
    const program = ts.createProgram([join(dir, 'sample.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map(
        (d) =>
          `${d.file ? `${d.file.fileName.split('/').pop()}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
    expect(diagnostics).toEqual([]);
    expect(sample.match(/export function read/g)!.length).toBeGreaterThanOrEqual(20);
  });
});
