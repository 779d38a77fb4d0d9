import { z } from 'zod';

/** A JSON object of the document. */
export type Json = Record<string, unknown>;

const SAFE_INT_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]);

/** How every JSON Schema of the document is written: as the request sees it (input), in OpenAPI 3.1's dialect. */
export const JSON_SCHEMA_PARAMS = {
  target: 'draft-2020-12',
  io: 'input',
  unrepresentable: 'any',
  override: (ctx: { jsonSchema: unknown }) => {
    const j = ctx.jsonSchema as Json;
    // z.int() states the safe-integer range; it says nothing to a reader.
    if (SAFE_INT_BOUNDS.has(j.maximum as number)) delete j.maximum;
    if (SAFE_INT_BOUNDS.has(j.minimum as number)) delete j.minimum;
  },
} as const;

/** JSON Schema of a query-parameter object (plain fields, no registered schemas). */
export function toJsonSchema(schema: z.ZodType): Json {
  return z.toJSONSchema(schema, JSON_SCHEMA_PARAMS);
}

/** Every registered schema reachable from the roots, by following `$ref`s. */
export function reachable(all: Record<string, Json>, roots: Json[]): Record<string, Json> {
  const out: Record<string, Json> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
        const id = v.slice('#/components/schemas/'.length);
        if (!out[id] && all[id]) {
          out[id] = all[id];
          visit(all[id]);
        }
      } else visit(v);
    }
  };
  roots.forEach(visit);
  return Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((k) => [k, out[k]]),
  );
}

export function componentSchemas(): Record<string, Json> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { ...JSON_SCHEMA_PARAMS, uri: (id) => `#/components/schemas/${id}` }) as { schemas: Record<string, Json> };
  const out: Record<string, Json> = {};
  for (const [id, { $schema: _s, $id: _i, ...rest }] of Object.entries(schemas)) out[id] = rest;
  return out;
}

/** A `$ref` to a registered schema (every request and response schema of a route is registered with an id). */
export function ref(schema: z.ZodType): Json {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error('a route schema must be registered with .meta({ id })');
  return { $ref: `#/components/schemas/${id}` };
}
