import { ErrorCodes } from '../error-codes';
import { PUBLIC_SCOPES } from '../scopes';
import { INCLUDE_FIELDS, MAX_DRUGS, MAX_NAME_LENGTH, MIN_DRUGS } from '../interactions/check-interactions.request';
import { EVIDENCE_LEVELS, SEVERITIES } from '../interactions/severity';

type Schema = Record<string, unknown>;
const str = (description: string, extra: Schema = {}): Schema => ({ type: 'string', description, ...extra });
const int = (description: string): Schema => ({ type: 'integer', description });
const obj = (description: string, properties: Record<string, Schema>, required: string[] = Object.keys(properties)): Schema => ({ type: 'object', description, properties, required });
const arr = (description: string, items: Schema): Schema => ({ type: 'array', description, items });
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const severity = (description: string): Schema => ({ type: 'string', enum: [...SEVERITIES], description });

/** JSON Schemas of every public request and response, the single source of the OpenAPI document. */
export const SCHEMAS: Record<string, Schema> = {
  Problem: obj('RFC 9457 problem document; `code` is stable (see the error table).', {
    type: str('URI identifying the problem type'),
    title: str('Short summary of the problem type'),
    status: int('HTTP status'),
    detail: str('What went wrong with this request, in words'),
    code: { type: 'string', enum: [...new Set(Object.values(ErrorCodes).map((e) => e.code))], description: 'Stable machine-readable code' },
    requestId: str('Request id, also in the x-request-id header; quote it in support requests'),
    errors: arr('Field errors (validation_failed only)', obj('One field error', { pointer: str('RFC 6901 JSON pointer into the request'), code: str('Error kind'), message: str('Explanation') })),
  }, ['type', 'title', 'status', 'detail', 'code', 'requestId']),
  DrugEntry: {
    description: `A drug: a name string (brand, generic, INN, with or without strength/form text), or an object with exactly one identifier and an optional client id echoed back.`,
    oneOf: [
      str('Name, e.g. "Coumadin 5 mg"', { minLength: 1, maxLength: MAX_NAME_LENGTH }),
      obj('Identified drug', { id: str('Client id echoed in the resolution'), name: str('Name'), rxcui: str('RxNorm RxCUI', { pattern: '^\\d{1,10}$' }), atc: str('WHO ATC code'), ndc: str('NDC (resolved where the vocabulary has it)') }, []),
    ],
  },
  CheckInteractionsRequest: obj('Medication list to check.', {
    drugs: { ...arr(`${MIN_DRUGS} to ${MAX_DRUGS} drugs`, ref('DrugEntry')), minItems: MIN_DRUGS, maxItems: MAX_DRUGS },
    options: obj('Optional filters', { minSeverity: severity('Leave out findings less severe than this'), include: arr('Optional text fields to return (default all)', { type: 'string', enum: [...INCLUDE_FIELDS] }) }, []),
  }, ['drugs']),
  KbInfo: obj('The knowledge-base release that answered', { version: str('Release version'), releasedAt: str('Release time (ISO 8601)'), sources: arr('Sources in the release with licences', obj('Source', { id: str('Source id'), title: str('Title'), license: str('Licence'), url: str('URL') }, ['id', 'title', 'license'])) }),
  Resolution: obj('How one input was understood', {
    index: int('Position in `drugs`'), id: str('Client id, when given'), input: str('The input as sent'),
    status: { type: 'string', enum: ['resolved', 'ambiguous', 'unresolved'], description: 'resolved = ingredients known; ambiguous/unresolved = not checked' },
    method: { type: 'string', enum: ['exact', 'synonym', 'brand', 'salt', 'code', 'fuzzy'], description: 'How it matched' },
    coverage: { type: 'string', enum: ['reviewed', 'names-only'], description: 'Resolved inputs: names-only = the knowledge base knows the name but has not reviewed its interactions (no finding means not checked)' },
    confidence: { type: 'number', description: '1.0 for exact matches; below 1 for spelling corrections' },
    ingredients: arr('Active ingredients (all of them for combination products)', obj('Ingredient', { name: str('Generic name'), rxcui: str('RxCUI when known') }, ['name'])),
    suggestions: arr('Candidates, best first', obj('Suggestion', { name: str('Name'), score: { type: 'number', description: '0-1' } })),
  }, ['index', 'input', 'status']),
  Finding: obj('One interaction finding', {
    id: str('Deterministic finding id'), ruleId: str('Knowledge-base rule that produced it'),
    kind: { type: 'string', enum: ['drug-drug', 'class', 'pathway', 'duplicate-therapy', 'additive'], description: 'Engine layer' },
    severity: severity('Headline severity'),
    severityBySource: { type: 'object', additionalProperties: { type: 'string' }, description: 'Each source\'s own severity' },
    participants: arr('Inputs involved', obj('Participant', { index: int('Input position'), ingredient: str('Ingredient name') })),
    summary: str('One line'), consequence: str('Clinical consequence'), mechanism: str('Mechanism (include=mechanism)'), management: str('Recommended action (include=management)'),
    evidence: obj('Evidence (include=evidence)', { level: { type: 'string', enum: [...EVIDENCE_LEVELS] }, citations: arr('Citations', obj('Citation', { source: str('Source id'), title: str('Title'), section: str('Section'), url: str('URL') }, ['source', 'title'])) }),
  }, ['id', 'ruleId', 'kind', 'severity', 'participants', 'summary']),
  CheckInteractionsResponse: obj('Every interacting pair, worst first. Also 200 when inputs are unresolved: then `summary.complete` is false.', {
    requestId: str('Request id'), kb: ref('KbInfo'),
    summary: obj('Totals', { maxSeverity: { ...severity('Worst severity, null when no finding'), nullable: true }, counts: { type: 'object', description: 'Findings per severity', additionalProperties: { type: 'integer' } }, complete: { type: 'boolean', description: 'False when any input was not resolved, or resolved to a names-only drug' }, pairsChecked: int('Input pairs checked') }),
    resolutions: arr('One per input', ref('Resolution')), interactions: arr('Findings, worst first', ref('Finding')),
    unresolved: arr('Inputs that were not checked', obj('Unresolved input', { index: int('Position'), input: str('Input'), suggestions: arr('Candidates', obj('Suggestion', { name: str('Name'), score: { type: 'number' } })) })),
    warnings: arr('Warnings such as incomplete_check', obj('Warning', { code: { type: 'string', enum: ['incomplete_check', 'not_reviewed', 'fuzzy_match', 'too_few_drugs', 'split_combination'], description: 'Warning code' }, message: str('Explanation') })),
    disclaimer: str('Decision-support disclaimer'),
  }),
  DrugSearchResponse: obj('Autocomplete results, best first', { query: str('The query'), results: arr('Hits', obj('Hit', { id: str('Ingredient or product id'), name: str('Generic or product name'), matched: str('Name that matched'), kind: str('generic, brand, synonym, salt or product'), ingredientIds: arr('Ingredient ids', { type: 'string' }) }, ['id', 'name', 'matched', 'kind'])) }),
  DrugDetail: obj('An ingredient', { id: str('Id'), name: str('Generic name'), rxcui: { ...str('RxCUI'), nullable: true }, atc: arr('ATC codes', { type: 'string' }), synonyms: arr('Synonyms', { type: 'string' }), brands: arr('Brand names', { type: 'string' }), classes: arr('Classes', obj('Class', { id: str('Id'), name: str('Name') })), rules: obj('Rule counts', { total: int('Rules that apply'), direct: int('Pair rules naming it'), pathways: int('Pathway rules') }) }),
  KbDescription: { allOf: [ref('KbInfo'), obj('Counts', { counts: { type: 'object', additionalProperties: { type: 'integer' } } })] },
  KeyDescription: obj('The calling key (never the key itself)', { id: str('Key id'), hint: str('Display hint'), scopes: arr('Scopes', { type: 'string', enum: [...PUBLIC_SCOPES] }), allowedIps: arr('IP/CIDR allowlist', { type: 'string' }), rateLimit: obj('Limit', { limit: int('Requests'), windowSeconds: int('Window') }), expiresAt: { ...str('Expiry'), nullable: true } }),
};
