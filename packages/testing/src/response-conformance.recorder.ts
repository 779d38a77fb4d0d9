import { ErrorCodes, PUBLIC_ROUTES, ProblemSchema, type PublicRoute, routeErrorKeys } from '@vigil/contracts';
import type { z } from 'zod';

/** Paths of `input` that `parsed` (a zod parse result, which drops unknown keys) lacks: fields the schema does not document. */
function undocumented(input: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(input) && Array.isArray(parsed)) return input.flatMap((v, i) => undocumented(v, parsed[i], `${path}/${i}`));
  if (!input || typeof input !== 'object' || !parsed || typeof parsed !== 'object') return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(input)) {
    if (!(k in parsed)) out.push(`${path}/${k}`);
    else out.push(...undocumented(v, (parsed as Record<string, unknown>)[k], `${path}/${k}`));
  }
  return out;
}

/**
 * Checks every response an end-to-end test receives against the contracts: a 200 of a public route against the
 * route's response schema (no field the schema does not document), every problem document against `Problem`, and its
 * `code` against the codes the route documents. Drift between what the API returns and what the OpenAPI says
 * fails the suite that saw it.
 */
export class ResponseConformance {
  readonly violations: string[] = [];
  /** Responses checked against a schema. */
  checked = 0;

  constructor(private readonly routes: readonly PublicRoute[] = PUBLIC_ROUTES) {}

  /** One response: `routePath` as the router writes it (`/v1/drugs/:id`), undefined when no route matched. */
  check(method: string, routePath: string | undefined, status: number, contentType: string | undefined, payload: unknown): void {
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    if (text === undefined || !contentType) return;
    const route = routePath ? this.routes.find((r) => r.method === method && r.path === routePath) : undefined;
    const where = `${method} ${routePath ?? '(no route)'} ${status}`;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      if (/json/.test(contentType)) this.violations.push(`${where}: body is not JSON`);
      return;
    }
    if (contentType.startsWith('application/problem+json')) {
      this.validate(where, ProblemSchema, body);
      const code = (body as { code?: string }).code;
      if (route && status !== 404 && status !== 405) {
        const documented = new Set(routeErrorKeys(route).map((k) => ErrorCodes[k].code as string));
        if (code && !documented.has(code)) this.violations.push(`${where}: code "${code}" is not among the route's documented error codes`);
      }
      return;
    }
    if (route && status === 200) this.validate(where, route.response, body);
  }

  private validate(where: string, schema: z.ZodType, body: unknown): void {
    this.checked++;
    const r = schema.safeParse(body);
    if (!r.success) {
      this.violations.push(
        `${where}: ${r.error.issues
          .slice(0, 5)
          .map((i) => `/${i.path.join('/')}: ${i.message}`)
          .join('; ')}`,
      );
      return;
    }
    const extra = undocumented(body, r.data);
    if (extra.length) this.violations.push(`${where}: undocumented fields ${extra.slice(0, 10).join(', ')}`);
  }

  /** Throws when any response did not conform, naming each. */
  assertConforming(): void {
    if (this.violations.length) throw new Error(`responses that do not match the contract (${this.violations.length}):\n${[...new Set(this.violations)].slice(0, 30).join('\n')}`);
  }
}
