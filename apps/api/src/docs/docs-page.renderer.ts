import { marked } from 'marked';

type Json = Record<string, unknown>;

/** A JSON scalar as text (objects, which the document never has in these places, as nothing). */
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');

const esc = (s: unknown) => text(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Markdown of our own contracts (no user input): block for descriptions, inline for table cells. */
const md = (s: unknown) => marked.parse(text(s), { async: false, gfm: true });
const mdInline = (s: unknown) => marked.parseInline(text(s), { async: false, gfm: true });

const refName = (ref: unknown) => String(ref).split('/').pop()!;

class SchemaTables {
  constructor(private readonly schemas: Record<string, Json>) {}

  resolve(s: Json): Json {
    return typeof s.$ref === 'string' ? (this.schemas[refName(s.$ref)] ?? {}) : s;
  }

  /** A readable type: `string`, `integer ≥ 0`, `array of DrugResolution`, `Severity or null`, `one of: …`. */
  typeOf(s: Json): string {
    if (typeof s.$ref === 'string') {
      const target = this.resolve(s);
      return target.enum ? `${refName(s.$ref)} (${(target.enum as string[]).join(', ')})` : refName(s.$ref);
    }
    if (s.anyOf) {
      const parts = (s.anyOf as Json[]).map((p) => (p.type === 'null' ? 'null' : this.typeOf(p)));
      return parts.join(' or ');
    }
    if (s.enum) return `${text(s.type) || 'string'}: ${(s.enum as string[]).join(', ')}`;
    if (s.type === 'array') return `array of ${this.typeOf((s.items as Json) ?? {})}`;
    const bounds = [
      s.minimum !== undefined ? `≥ ${text(s.minimum)}` : '',
      s.maximum !== undefined ? `≤ ${text(s.maximum)}` : '',
      s.maxLength !== undefined ? `≤ ${text(s.maxLength)} chars` : '',
    ]
      .filter(Boolean)
      .join(', ');
    return `${text(s.type) || 'object'}${bounds ? ` (${bounds})` : ''}`;
  }

  /** The object schema whose fields a row should expand into, if any. */
  private nested(s: Json): Json | undefined {
    const t = this.resolve(s);
    if (t.type === 'object' && t.properties) return t;
    if (t.type === 'array' && t.items) return this.nested(t.items as Json);
    if (t.anyOf) return (t.anyOf as Json[]).map((p) => this.nested(p)).find(Boolean);
    return undefined;
  }

  rows(schema: Json, prefix = '', depth = 0, seen = new Set<string>()): string {
    const s = this.resolve(schema);
    const required = new Set((s.required as string[]) ?? []);
    let out = '';
    for (const [name, raw] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
      const description = raw.description ?? this.resolve(raw).description ?? '';
      out += `<tr><td><code>${esc(prefix + name)}</code>${required.has(name) ? '' : ' <span class="opt">optional</span>'}</td><td>${esc(this.typeOf(raw))}</td><td>${mdInline(description)}</td></tr>`;
      const inner = this.nested(raw);
      const key = typeof raw.$ref === 'string' ? refName(raw.$ref) : '';
      if (inner && depth < 3 && !seen.has(key)) {
        const isArray = this.resolve(raw).type === 'array';
        out += this.rows(inner, `${prefix}${name}${isArray ? '[]' : ''}.`, depth + 1, new Set([...seen, key]));
      }
    }
    return out;
  }

  /**
   * Named schemas with more than one form (a string or an object, like DrugEntry) that the fields of `schema` use,
   * directly or as array items: a field table can only say "one of", so each gets its own section.
   */
  unionsUsedBy(schema: Json): string[] {
    const props = Object.values((this.resolve(schema).properties ?? {}) as Record<string, Json>);
    const refs = props.map((p) => (p.type === 'array' ? ((p.items as Json | undefined) ?? {}) : p)).map((p) => p.$ref);
    return [...new Set(refs.filter((r): r is string => typeof r === 'string').map(refName))].filter((name) => {
      const target = this.schemas[name];
      return target?.anyOf !== undefined && target.properties === undefined;
    });
  }

  table(schema: Json): string {
    const s = this.resolve(schema);
    if (s.anyOf && !s.properties) {
      // A schema with several forms (a string or an object): describe each form.
      return (s.anyOf as Json[]).map((p) => `<p>${esc(this.typeOf(p))}: ${mdInline(p.description ?? '')}</p>${p.properties ? this.table(p) : ''}`).join('');
    }
    return `<div class="t"><table><thead><tr><th>field</th><th>type</th><th>meaning</th></tr></thead><tbody>${this.rows(s)}</tbody></table></div>`;
  }
}

function json(value: unknown): string {
  return `<pre><code>${esc(JSON.stringify(value, null, 2))}</code></pre>`;
}

/**
 * Server-rendered API reference from the OpenAPI document: Markdown rendered, the check first, real examples, error
 * codes per endpoint, code samples in three languages. No scripts, no CDN; readable on a 390 px phone.
 */
export function renderDocsPage(doc: Json): string {
  const schemas = ((doc.components as Json).schemas ?? {}) as Record<string, Json>;
  const tables = new SchemaTables(schemas);
  const info = doc.info as Json;
  const ops: { method: string; path: string; op: Json }[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths as Record<string, Json>)) for (const [method, op] of Object.entries(byMethod)) ops.push({ method, path, op: op as Json });

  let body = `<header><h1>${esc(info.title)}</h1>${md(info.description)}<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>`;
  body += `<nav aria-label="Endpoints"><ul>${ops.map(({ method, path, op }) => `<li><a href="#${esc(op.operationId)}"><span class="m">${esc(method.toUpperCase())}</span> ${esc(path)}</a> — ${esc(op.summary)}</li>`).join('')}</ul></nav></header><main>`;
  for (const { method, path, op } of ops) {
    body += `<section id="${esc(op.operationId)}"><h2>${esc(op.summary)}</h2><p class="route"><span class="m">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></p>${md(op.description)}`;
    const params = (op.parameters as Json[]) ?? [];
    if (params.length) {
      body += `<h3>Parameters</h3><div class="t"><table><thead><tr><th>name</th><th>in</th><th>type</th><th>meaning</th></tr></thead><tbody>${params
        .map(
          (p) =>
            `<tr><td><code>${esc(p.name)}</code>${p.required ? '' : ' <span class="opt">optional</span>'}</td><td>${esc(p.in)}</td><td>${esc(tables.typeOf((p.schema as Json) ?? {}))}</td><td>${mdInline(p.description)}</td></tr>`,
        )
        .join('')}</tbody></table></div>`;
    }
    // The first media type of each body: application/json, or application/fhir+json on a FHIR route.
    const requestContent = (op.requestBody as Json | undefined)?.content as Json | undefined;
    const request = requestContent ? (Object.values(requestContent)[0] as Json) : undefined;
    if (requestContent && Object.keys(requestContent).length > 1)
      body += `<p>Request media types: ${Object.keys(requestContent)
        .map((t) => `<code>${esc(t)}</code>`)
        .join(', ')}.</p>`;
    if (request) {
      body += `<h3>Request body</h3>${tables.table(request.schema as Json)}`;
      for (const name of tables.unionsUsedBy(request.schema as Json)) body += `<h4>${esc(name)}</h4>${md(schemas[name].description)}${tables.table(schemas[name])}`;
      if (request.example !== undefined) body += `<h4>Example request</h4>${json(request.example)}`;
    }
    const responses = op.responses as Record<string, Json>;
    const [okType, ok] = Object.entries(responses['200'].content as Record<string, Json>)[0];
    body += `<h3>Response 200 <small>(${esc(okType)})</small></h3>${tables.table(ok.schema as Json)}`;
    if (ok.example !== undefined) body += `<details><summary>Example response (a real response of this server)</summary>${json(ok.example)}</details>`;
    const fhir = okType !== 'application/json';
    body += `<h3>Errors <small>(${fhir ? 'an OperationOutcome; refusals before routing are application/problem+json' : 'application/problem+json'})</small></h3><div class="t"><table><thead><tr><th>status</th><th>code: meaning</th></tr></thead><tbody>${Object.entries(
      responses,
    )
      .filter(([s]) => s !== '200')
      .map(([s, r]) => `<tr><td>${esc(s)}</td><td>${mdInline(r.description)}</td></tr>`)
      .join('')}</tbody></table></div>`;
    const samples = (op['x-codeSamples'] as Json[]) ?? [];
    if (samples.length) body += `<h3>Code samples</h3>${samples.map((c) => `<h4>${esc(c.label)}</h4><pre><code>${esc(c.source)}</code></pre>`).join('')}`;
    body += '</section>';
  }
  body += `<section id="problem"><h2>Problem document</h2><p>Every error is an RFC 9457 problem document; branch on <code>code</code>.</p>${tables.table(schemas.Problem)}</section></main>`;
  const css = [
    '*{box-sizing:border-box}',
    'body{font:16px/1.55 system-ui,sans-serif;max-width:62rem;margin:0 auto;padding:1rem;color:#1b1f24;overflow-wrap:break-word}',
    'h1{font-size:1.6rem}h2{font-size:1.3rem;margin-top:0}h3{font-size:1.05rem;margin-top:1.5rem}',
    '.t{overflow-x:auto;max-width:100%}table{border-collapse:collapse;width:100%;margin:.5rem 0;font-size:.92rem}',
    'td,th{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}td:first-child code{word-break:break-all}',
    'pre{background:#f6f8fa;padding:12px;overflow-x:auto;max-width:100%;font-size:.85rem}code{font-size:.9em}',
    '.m{background:#0b6e4f;color:#fff;padding:1px 6px;border-radius:4px;font-size:.78em;font-family:ui-monospace,monospace}',
    '.opt{color:#57606a;font-size:.8em}section{border-top:1px solid #d0d7de;margin-top:2rem;padding-top:1rem}',
    'nav ul{padding-left:1.2rem}details summary{cursor:pointer;margin:.5rem 0}',
    '@media (max-width:480px){body{padding:.6rem;font-size:15px}td,th{padding:3px 5px}}',
  ].join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(info.title)} reference</title><meta name="viewport" content="width=device-width,initial-scale=1"><style>${css}</style></head><body>${body}</body></html>`;
}
