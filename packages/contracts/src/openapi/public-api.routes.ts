import type { z } from 'zod';
import { DrugDetailSchema } from '../drugs/drug-detail.response';
import { DrugSearchQuerySchema } from '../drugs/drug-search.query';
import { DrugSearchResponseSchema } from '../drugs/drug-search.response';
import type { ErrorCodeKey } from '../error-codes';
import { CheckInteractionsRequestSchema } from '../interactions/check-interactions.request';
import { CheckInteractionsResponseSchema } from '../interactions/check-interactions.response';
import { CheckBatchRequestSchema, MAX_BATCH_DRUGS, MAX_BATCH_LISTS } from '../interactions/check-batch.request';
import { CheckBatchResponseSchema } from '../interactions/check-batch.response';
import { KbDescriptionSchema } from '../kb/kb-description.response';
import { KeyDescriptionSchema } from '../keys/key-description.response';
import { type Scope, Scopes } from '../scopes';
import { CdsFeedbackRequestSchema, CdsHookRequestSchema } from '../cds-hooks/cds-hooks.request';
import { CdsFeedbackResponseSchema, CdsHookResponseSchema } from '../cds-hooks/cds-hooks.response';
import { FhirCheckRequestSchema } from '../fhir/fhir-check.request';
import { FhirCheckResponseSchema } from '../fhir/fhir-check.response';

/** A route of the public API: what the OpenAPI document, `/docs`, `@vigil/client` and the conformance tests read. */
export interface PublicRoute {
  method: 'GET' | 'POST';
  /** Route path as the router writes it (`:id` for path parameters). */
  path: string;
  operationId: string;
  tag: 'Interactions' | 'Drugs' | 'Knowledge base' | 'Keys' | 'CDS Hooks' | 'FHIR R4';
  /** `fhir`: FHIR R4 JSON in and out (`application/fhir+json`), errors as `OperationOutcome`. Default `json`. */
  format?: 'json' | 'fhir';
  /** Also accepts the CDS Hooks JWT (`Authorization: Bearer`) of an issuer registered on a key. */
  acceptsCdsJwt?: boolean;
  summary: string;
  /** Markdown. */
  description: string;
  /** Scopes the key needs; empty = any valid key. The API's route manifest must agree (tested). */
  scopes: Scope[];
  request?: z.ZodType;
  query?: z.ZodObject;
  params?: { name: string; description: string; example: string }[];
  response: z.ZodType;
  /** The error codes this route really answers with, besides those every keyed route shares. */
  errors: ErrorCodeKey[];
  /** A request the examples and the documentation show; it must run against the curated release. */
  example: { body?: unknown; query?: Record<string, string>; params?: Record<string, string> };
}

/** Codes every route behind an API key can answer with. */
export const KEYED_ROUTE_ERRORS: readonly ErrorCodeKey[] = [
  'ValidationFailed', // a malformed x-vigil-tag header, on any keyed route
  'ApiKeyMissing',
  'ApiKeyMalformed',
  'ApiKeyInvalid',
  'ApiKeyRevoked',
  'ApiKeyExpired',
  'IpNotAllowed',
  'AccountSuspended',
  'OrgPolicyMaxLifetime',
  'OrgPolicyIpAllowlistRequired',
  'OrgPolicyScopeNotAllowed',
  'RateLimited',
  'QuotaExceeded',
  'InternalError',
  'ServiceUnavailable',
];

/** The public API, in reading order: the check first. */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  {
    method: 'POST',
    path: '/v1/interactions/check',
    operationId: 'checkInteractions',
    tag: 'Interactions',
    summary: 'Check a medication list for interactions',
    description: [
      'Resolves every drug (generic and brand names, synonyms, salts, combination products, RxCUI, ATC and NDC codes), then runs five layers: ingredient pairs, drug classes, enzyme and transporter pathways, duplicate therapy, and additive risk across three or more drugs.',
      '',
      '- An input that cannot be resolved never fails the call: it is listed in `unresolved`, `summary.complete` is `false` and an `incomplete_check` warning says which inputs were **not checked**.',
      '- A drug the knowledge base knows by name only (`coverage: names-only`) also makes the check incomplete, with a `not_reviewed` warning: no finding for it means not checked, not safe.',
      '- A drug no longer marketed in the US (withdrawn for safety, or discontinued) is still checked, with a `no_longer_marketed` warning and `resolutions[].usMarket` giving the status, year and FDA record: confirm the entry (an old list or a look-alike name) or whether the drug is imported or compounded.',
      '- Findings come worst first; `options.minSeverity` hides the milder ones (counted in `summary.hiddenBySeverityFilter`).',
      '- **Prospective screening:** mark new orders with `"proposed": true` (object entries). Every pair is still checked, but only findings involving at least one proposed drug are returned; findings among the current list only are counted in `summary.prospective.currentListFindingsOmitted`.',
    ].join('\n'),
    scopes: [Scopes.InteractionsCheck],
    request: CheckInteractionsRequestSchema,
    response: CheckInteractionsResponseSchema,
    errors: ['ValidationFailed', 'InvalidJson', 'PayloadTooLarge', 'UnsupportedMediaType', 'InsufficientScope'],
    example: { body: { drugs: ['Coumadin 5 mg', { name: 'ibuprofen' }, { id: 'rx-3', rxcui: '36567' }], options: { minSeverity: 'moderate' } } },
  },
  {
    method: 'POST',
    path: '/v1/interactions/check-batch',
    operationId: 'checkInteractionsBatch',
    tag: 'Interactions',
    summary: 'Check many medication lists in one call',
    description: [
      `Up to ${MAX_BATCH_LISTS} independent medication lists (e.g. a nightly pharmacy review), at most ${MAX_BATCH_DRUGS} drugs in all, each checked exactly as by \`POST /v1/interactions/check\` with the same entries, \`options\` and limits.`,
      '',
      '- One result per list, in order, with your list `id` echoed; `summary.incomplete` and `summary.withFindings` list the indexes to look at first.',
      '- **Each list counts as one call** of the monthly quota (a batch that does not fit in what is left of the quota is refused whole, with `quota_exceeded`); the per-key rate limit counts the request once.',
      '- Any invalid list fails the whole batch with `validation_failed`, its pointer naming the list (`/lists/3/drugs/1`): nothing is checked or counted.',
    ].join('\n'),
    scopes: [Scopes.InteractionsCheck],
    request: CheckBatchRequestSchema,
    response: CheckBatchResponseSchema,
    errors: ['ValidationFailed', 'InvalidJson', 'PayloadTooLarge', 'UnsupportedMediaType', 'InsufficientScope'],
    example: {
      body: {
        lists: [
          { id: 'patient-1', drugs: ['warfarin', 'ibuprofen'] },
          { id: 'patient-2', drugs: ['simvastatin', { name: 'clarithromycin', proposed: true }] },
        ],
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/drugs/search',
    operationId: 'searchDrugs',
    tag: 'Drugs',
    summary: 'Autocomplete drug names',
    description:
      'Prefix and spelling-tolerant search over generic names, synonyms, salts, brand names and combination products, ranked. Use it for an autocomplete field, then send the chosen name (or its RxCUI) to the check. Each hit says what a check would say of the drug’s depth: `coverage` (`names-only` = its interactions are not reviewed) and `usMarket` when it is no longer marketed in the US, so a picker can show both before the drug is chosen.',
    scopes: [Scopes.DrugsRead],
    query: DrugSearchQuerySchema,
    response: DrugSearchResponseSchema,
    errors: ['ValidationFailed', 'InsufficientScope'],
    example: { query: { q: 'lipi', limit: '5' } },
  },
  {
    method: 'GET',
    path: '/v1/drugs/:id',
    operationId: 'getDrug',
    tag: 'Drugs',
    summary: 'Describe an ingredient or a combination product',
    description:
      'Names, brands, salts, classes, combination products, enzyme roles, risk domains and how many rules apply. Every search hit’s `id` resolves here, ingredient or product (`kind`); ids are case-insensitive. For a product, classes, roles and risk domains are those of its ingredients together, and the rule counts the highest of one ingredient. `coverage` and `usMarket` are those a check reports for it.',
    scopes: [Scopes.DrugsRead],
    params: [{ name: 'id', description: 'Ingredient or product id, from a search hit or a resolution (e.g. `warfarin`, `tylenol-3`)', example: 'warfarin' }],
    response: DrugDetailSchema,
    errors: ['NotFound', 'InsufficientScope'],
    example: { params: { id: 'warfarin' } },
  },
  {
    method: 'GET',
    path: '/v1/kb',
    operationId: 'getKnowledgeBase',
    tag: 'Knowledge base',
    summary: 'Describe the knowledge base',
    description: 'Version, release time and sizes of the release that answers checks, and its sources with their licences.',
    scopes: [Scopes.KbRead],
    response: KbDescriptionSchema,
    errors: ['InsufficientScope'],
    example: {},
  },
  {
    method: 'POST',
    path: '/cds-services/:id',
    operationId: 'callCdsService',
    tag: 'CDS Hooks',
    acceptsCdsJwt: true,
    summary: 'Call a CDS Hooks service (order-select, order-sign)',
    description: [
      'CDS Hooks 2.0. `GET /cds-services` (no key) lists the services: `vigil-order-select` screens the selected orders, `vigil-order-sign` every draft order, against the patient’s active medications from the `medicationRequests` prefetch (required: without it the answer is `412 prefetch_missing`; Vigil never calls your FHIR server) and the optional `medicationStatements` prefetch.',
      '',
      '- Medications are read from RxNorm ingredient codes, then each coding’s `display`, then `medicationCodeableConcept.text`, then a contained or bundled `Medication`. Whatever stays unreadable gets an `info` card naming it: it was **not checked**.',
      '- One card per finding involving a new order: `critical` (contraindicated), `warning` (major), `info` (moderate); a stable `uuid`, `overrideReasons`, and a suggestion to remove the new order when the finding is major or worse.',
      '- Authenticate with `x-api-key`, or with the CDS Hooks JWT (`Authorization: Bearer`, ES384 or RS384) of an issuer registered on a key. The key needs the `cds:invoke` scope.',
    ].join('\n'),
    scopes: [Scopes.CdsInvoke],
    params: [{ name: 'id', description: 'Service id from discovery: `vigil-order-select` or `vigil-order-sign`', example: 'vigil-order-sign' }],
    request: CdsHookRequestSchema,
    response: CdsHookResponseSchema,
    errors: [
      'ValidationFailed',
      'InvalidJson',
      'PayloadTooLarge',
      'UnsupportedMediaType',
      'InsufficientScope',
      'NotFound',
      'PrefetchMissing',
      'CdsJwtInvalid',
      'CdsJwtReplayed',
      'CdsIssuerUnknown',
    ],
    example: {
      params: { id: 'vigil-order-sign' },
      body: {
        hook: 'order-sign',
        hookInstance: 'd1577c69-dfbe-44ad-ba6d-3e05e953b2ea',
        context: {
          userId: 'Practitioner/123',
          patientId: '1288992',
          draftOrders: {
            resourceType: 'Bundle',
            entry: [
              {
                resource: { resourceType: 'MedicationRequest', id: 'new-1', status: 'draft', intent: 'order', medicationCodeableConcept: { text: 'Ketorolac 10 MG Oral Tablet' } },
              },
            ],
          },
        },
        prefetch: {
          medicationRequests: {
            resourceType: 'Bundle',
            entry: [
              {
                resource: {
                  resourceType: 'MedicationRequest',
                  id: 'current-1',
                  status: 'active',
                  intent: 'order',
                  medicationCodeableConcept: { coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '11289', display: 'warfarin' }] },
                },
              },
            ],
          },
          medicationStatements: null,
        },
      },
    },
  },
  {
    method: 'POST',
    path: '/cds-services/:id/feedback',
    operationId: 'sendCdsFeedback',
    tag: 'CDS Hooks',
    acceptsCdsJwt: true,
    summary: 'Report what the user did with the cards',
    description:
      'CDS Hooks 2.0 feedback: for each card (`uuid`), `accepted` or `overridden` with the override reason. Stored per account, rule and card; your account’s override rates show which alerts your clinicians always override.',
    scopes: [Scopes.CdsInvoke],
    params: [{ name: 'id', description: 'Service id the cards came from', example: 'vigil-order-sign' }],
    request: CdsFeedbackRequestSchema,
    response: CdsFeedbackResponseSchema,
    errors: ['ValidationFailed', 'InvalidJson', 'PayloadTooLarge', 'UnsupportedMediaType', 'InsufficientScope', 'NotFound', 'CdsJwtInvalid', 'CdsJwtReplayed', 'CdsIssuerUnknown'],
    example: {
      params: { id: 'vigil-order-sign' },
      body: {
        feedback: [
          {
            card: '9368d37b-283f-44a0-93ea-547cebab93ed',
            outcome: 'overridden',
            overrideReason: {
              reason: { system: 'http://terminology.hl7.org/CodeSystem/non-adherence-reason-codes', code: 'action-performed-no-adverse-effect' },
              userComment: 'Stable on both for a year',
            },
            outcomeTimestamp: '2026-11-25T10:00:00Z',
          },
        ],
      },
    },
  },
  {
    method: 'POST',
    path: '/fhir/r4/$check-interactions',
    operationId: 'checkInteractionsFhir',
    tag: 'FHIR R4',
    format: 'fhir',
    summary: 'Check FHIR medication resources; answer DetectedIssues',
    description: [
      'FHIR R4 operation (`application/fhir+json`; `application/json` is accepted too). Send a `Bundle` of `MedicationRequest`, `MedicationStatement` and `Medication` resources, or a `Parameters` with one `medication` parameter per resource (a `Bundle` value is read entry by entry).',
      '',
      '- Medications are read as in CDS Hooks: RxNorm codes, then each coding’s `display`, then the text, then a contained or bundled `Medication` (`medicationReference`). A `Medication` no request refers to is checked as a current medication.',
      '- A `MedicationRequest` with status `draft` is a **new order**: when any is present, only issues involving a new order are returned (prospective screening) and the others are counted in the `OperationOutcome`. Statuses such as `completed`, `stopped`, `entered-in-error` take a resource off the list (reported, not checked).',
      '- The answer is a `collection` Bundle: one `DetectedIssue` per finding, worst first (`severity`: contraindicated and major → `high`, moderate → `moderate`, minor → `low`; `code` v3 ActCode `DRG` or `DUPTHPY`; `implicated` references the input resources; `detail` with mechanism and management; `reference` the cited source), then one `OperationOutcome` naming every resource **not checked** (`not-found`, `multiple-matches`, `incomplete`), every resource skipped, and the disclaimer.',
      '- Errors are `OperationOutcome`s whose first issue carries the stable code as a coding of `https://vigil.dev/problems/`. Refusals made before routing (a body that is not JSON, an unsupported media type, a body over the size limit) are problem+json.',
    ].join('\n'),
    scopes: [Scopes.InteractionsCheck],
    request: FhirCheckRequestSchema,
    response: FhirCheckResponseSchema,
    errors: ['ValidationFailed', 'InvalidJson', 'PayloadTooLarge', 'UnsupportedMediaType', 'InsufficientScope'],
    example: {
      body: {
        resourceType: 'Bundle',
        type: 'collection',
        entry: [
          {
            resource: {
              resourceType: 'MedicationRequest',
              id: 'current-1',
              status: 'active',
              intent: 'order',
              subject: { reference: 'Patient/123' },
              medicationCodeableConcept: { coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '11289', display: 'warfarin' }] },
            },
          },
          {
            resource: {
              resourceType: 'MedicationRequest',
              id: 'new-1',
              status: 'draft',
              intent: 'order',
              subject: { reference: 'Patient/123' },
              medicationCodeableConcept: { text: 'Ibuprofen 400 MG Oral Tablet' },
            },
          },
        ],
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/key',
    operationId: 'describeKey',
    tag: 'Keys',
    summary: 'Describe the calling key',
    description: 'Id, hint, scopes, IP restrictions, rate limit and expiry of the key in `x-api-key` (never the key itself). Any valid key may call it: use it to test a key.',
    scopes: [],
    response: KeyDescriptionSchema,
    errors: [],
    example: {},
  },
];

/** Every error a route can answer with: its own codes, then those every keyed route shares. */
export function routeErrorKeys(route: PublicRoute): ErrorCodeKey[] {
  return [...new Set([...route.errors, ...KEYED_ROUTE_ERRORS])];
}

/** The public route with this method and router path. */
export function publicRoute(method: string, path: string): PublicRoute | undefined {
  return PUBLIC_ROUTES.find((r) => r.method === method && r.path === path);
}
