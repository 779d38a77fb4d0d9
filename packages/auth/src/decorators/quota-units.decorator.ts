import { SetMetadata } from '@nestjs/common';

export const QUOTA_UNITS_KEY = 'vigil:quota-units';

/**
 * The route's call costs one monthly-quota unit per element of the body's array `field` (e.g. one per list of a
 * batch), at least 1 and at most `max`; a body without that array (it will fail validation) costs 1.
 */
export const QuotaUnits = (field: string, max: number): MethodDecorator & ClassDecorator => SetMetadata(QUOTA_UNITS_KEY, { field, max });

export interface QuotaUnitsMetadata {
  field: string;
  max: number;
}

/** Units a request costs under `meta` (1 without it). */
export function quotaUnitsOf(meta: QuotaUnitsMetadata | undefined, body: unknown): number {
  if (!meta || !body || typeof body !== 'object') return 1;
  const list = (body as Record<string, unknown>)[meta.field];
  return Array.isArray(list) && list.length > 0 ? Math.min(list.length, meta.max) : 1;
}
