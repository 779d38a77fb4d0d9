import { Body, Param, Query, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { parseOrThrow } from './validation-failed';

/**
 * Parses a body, query or route parameters with a contract schema (`@vigil/contracts`): the typed, defaulted value,
 * or 400 `validation_failed` with a JSON pointer per problem. A missing body is parsed as `{}` so the answer names
 * the required fields.
 */
export class SchemaValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    return parseOrThrow(this.schema, value ?? {});
  }
}

/** `@ValidBody(Schema)`: the request body, parsed with a contract schema. */
export const ValidBody = (schema: z.ZodType): ParameterDecorator => Body(new SchemaValidationPipe(schema));

/** `@ValidQuery(Schema)`: the query string, parsed with a contract schema. */
export const ValidQuery = (schema: z.ZodType): ParameterDecorator => Query(new SchemaValidationPipe(schema));

/** `@ValidParams(Schema)`: the route parameters, parsed with a contract schema. */
export const ValidParams = (schema: z.ZodType): ParameterDecorator => Param(new SchemaValidationPipe(schema));
