type Json = Record<string, unknown>;

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function fieldsTable(schema: Json, schemas: Json, depth = 0, prefix = ''): string {
  const resolved = schema.$ref ? (schemas[String(schema.$ref).split('/').pop()!] as Json) : schema;
  const props = (resolved?.properties ?? {}) as Record<string, Json>;
  const required = new Set((resolved?.required as string[]) ?? []);
  let rows = '';
  for (const [name, p] of Object.entries(props)) {
    const target = p.$ref ? (schemas[String(p.$ref).split('/').pop()!] as Json) : p;
    const type = target.type === 'array' ? `array of ${((target.items as Json)?.$ref ? String((target.items as Json).$ref).split('/').pop() : (target.items as Json)?.type) ?? 'item'}` : (target.type ?? (target.oneOf ? 'one of' : 'object'));
    const enumText = target.enum ? ` (${(target.enum as string[]).join(', ')})` : '';
    rows += `<tr><td><code>${esc(prefix + name)}</code>${required.has(name) ? ' *' : ''}</td><td>${esc(type)}${esc(enumText)}</td><td>${esc(target.description ?? p.description ?? '')}</td></tr>`;
    if (depth < 2 && (target.properties || (target.items as Json)?.properties || (target.items as Json)?.$ref)) {
      rows += fieldsTable((target.items as Json) ?? target, schemas, depth + 1, `${prefix}${name}${target.type === 'array' ? '[]' : ''}.`);
    }
  }
  return depth === 0 ? `<table><tr><th>field</th><th>type</th><th>meaning</th></tr>${rows}</table>` : rows;
}

/** Server-rendered API reference from the OpenAPI document: no scripts, no CDN, works offline. */
export function renderDocsPage(doc: Json): string {
  const schemas = ((doc.components as Json).schemas ?? {}) as Json;
  const info = doc.info as Json;
  let body = `<h1>${esc(info.title)}</h1><p>${esc(info.description)}</p><p>Machine-readable: <a href="/openapi.json">/openapi.json</a></p>`;
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(ops as Record<string, Json>)) {
      const o = op as Json;
      body += `<section><h2><span class="m">${esc(method.toUpperCase())}</span> ${esc(path)}</h2><p><strong>${esc(o.summary)}</strong></p><p>${esc(o.description)}</p>`;
      const params = (o.parameters as Json[]) ?? [];
      if (params.length) body += `<h3>Parameters</h3><table><tr><th>name</th><th>in</th><th>meaning</th></tr>${params.map((p) => `<tr><td><code>${esc(p.name)}</code>${p.required ? ' *' : ''}</td><td>${esc(p.in)}</td><td>${esc(p.description)}</td></tr>`).join('')}</table>`;
      const req = (o.requestBody as Json | undefined)?.content as Json | undefined;
      if (req) body += `<h3>Request body</h3>${fieldsTable(((req['application/json'] as Json).schema as Json), schemas)}`;
      const responses = o.responses as Record<string, Json>;
      const ok = ((responses['200'].content as Json)['application/json'] as Json).schema as Json;
      body += `<h3>Response 200</h3>${fieldsTable(ok, schemas)}<h3>Errors (application/problem+json)</h3><ul>${Object.entries(responses).filter(([s]) => s !== '200').map(([s, r]) => `<li><code>${esc(s)}</code> ${esc(r.description)}</li>`).join('')}</ul>`;
      const sample = ((o['x-codeSamples'] as Json[]) ?? [])[0];
      if (sample) body += `<h3>Example</h3><pre>${esc(sample.source)}</pre>`;
      body += '</section>';
    }
  }
  body += `<section><h2>Problem document</h2>${fieldsTable(schemas.Problem as Json, schemas)}</section>`;
  const css = 'body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1b1f24}table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}pre{background:#f6f8fa;padding:12px;overflow:auto}.m{background:#0b6e4f;color:#fff;padding:2px 6px;border-radius:4px;font-size:.8em}section{border-top:1px solid #d0d7de;margin-top:2rem}';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(info.title)} reference</title><meta name="viewport" content="width=device-width,initial-scale=1"><style>${css}</style></head><body>${body}</body></html>`;
}
