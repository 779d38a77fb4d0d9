import { ADMIN_ROUTES, ErrorCodes, PUBLIC_ROUTES, ProblemSchema, routeErrorKeys } from '@vigil/contracts';
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

/** What the conformance check needs to know of a route. */
export interface ConformanceRoute {
  method: string;
  path: string;
  /** The success status; its body is checked against `response`. */
  status: number;
  response?: z.ZodType;
  /** The problem codes the route documents; absent = any code of `ErrorCodes`. */
  errorCodes?: readonly string[];
}

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(ErrorCodes).map((e) => e.code));

/**
 * Checks every response an end-to-end test receives against the contracts: a success of a known route against the
 * route's response schema (no field the schema does not document), every problem document against `Problem`, and its
 * `code` against the codes the route documents (or, for the admin app, against the known codes). Drift between what
 * an app returns and what its contract says fails the suite that saw it.
 */
export class ResponseConformance {
  readonly violations: string[] = [];
  /** Responses checked against a schema. */
  checked = 0;

  constructor(private readonly routes: readonly ConformanceRoute[]) {}

  /** The public API: `PUBLIC_ROUTES`, each with its documented error codes. */
  static forPublicApi(): ResponseConformance {
    return new ResponseConformance(
      PUBLIC_ROUTES.map((r) => ({ method: r.method, path: r.path, status: 200, response: r.response, errorCodes: routeErrorKeys(r).map((k) => ErrorCodes[k].code) })),
    );
  }

  /** The admin app's JSON API: `ADMIN_ROUTES`. */
  static forAdminApp(): ResponseConformance {
    return new ResponseConformance(ADMIN_ROUTES.map((r) => ({ method: r.method, path: r.path, status: r.status, response: r.response })));
  }

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
      if (code && !KNOWN_CODES.has(code)) this.violations.push(`${where}: code "${code}" is not a known error code`);
      else if (code && route?.errorCodes && status !== 404 && status !== 405 && !route.errorCodes.includes(code))
        this.violations.push(`${where}: code "${code}" is not among the route's documented error codes`);
      return;
    }
    if (!route || status < 200 || status >= 300) return;
    if (status !== route.status) this.violations.push(`${where}: success status ${status}, the contract says ${route.status}`);
    else if (route.response) this.validate(where, route.response, body);
    else this.violations.push(`${where}: a body where the contract documents none`);
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
