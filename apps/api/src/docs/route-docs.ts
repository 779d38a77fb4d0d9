/** Human documentation of each public route; the OpenAPI builder joins it with the route manifest (scopes). */
export interface RouteDoc {
  summary: string;
  description: string;
  request?: string;
  response: string;
  query?: { name: string; required: boolean; description: string; schema: Record<string, unknown> }[];
  params?: { name: string; description: string }[];
  errors: number[];
  example?: { body?: unknown; query?: string; path?: string };
}

const KEY_ERRORS = [401, 403, 429];

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'POST /v1/interactions/check': {
    summary: 'Check a medication list for interactions',
    description: 'Resolves every drug (names, brands, synonyms, salts, combination products, RxCUI/ATC codes), then runs five layers: ingredient pairs, classes, enzyme pathways, duplicate therapy and additive multi-drug risk. Unresolved inputs never fail the call: they make `summary.complete` false and add an `incomplete_check` warning. A drug the knowledge base knows by name only (`coverage: names-only`) makes `summary.complete` false too and adds a `not_reviewed` warning: no finding for it means not checked, not safe.',
    request: 'CheckInteractionsRequest',
    response: 'CheckInteractionsResponse',
    errors: [400, ...KEY_ERRORS, 413, 415],
    example: { body: { drugs: ['Coumadin 5 mg', { name: 'ibuprofen' }, { id: 'rx-3', rxcui: '36567' }], options: { minSeverity: 'moderate' } } },
  },
  'GET /v1/drugs/search': {
    summary: 'Autocomplete drug names',
    description: 'Prefix and fuzzy search over generic names, synonyms and brand names, ranked.',
    response: 'DrugSearchResponse',
    query: [
      { name: 'q', required: true, description: 'Query, 1-100 characters', schema: { type: 'string', minLength: 1, maxLength: 100 } },
      { name: 'limit', required: false, description: 'Results, 1-50 (default 10)', schema: { type: 'integer', minimum: 1, maximum: 50 } },
    ],
    errors: [400, ...KEY_ERRORS],
    example: { query: 'q=lipi&limit=5' },
  },
  'GET /v1/drugs/:id': {
    summary: 'Describe an ingredient',
    description: 'Names, brands, classes, enzyme roles and how many rules apply.',
    response: 'DrugDetail',
    params: [{ name: 'id', description: 'Ingredient id from search, e.g. warfarin' }],
    errors: [...KEY_ERRORS, 404],
    example: { path: '/v1/drugs/warfarin' },
  },
  'GET /v1/kb': { summary: 'Describe the knowledge base', description: 'Version, release time, counts and the sources with their licences.', response: 'KbDescription', errors: KEY_ERRORS },
  'GET /v1/key': { summary: 'Describe the calling key', description: 'Id, hint, scopes, IP restrictions and rate limit of the key in x-api-key. Any valid key may call it.', response: 'KeyDescription', errors: KEY_ERRORS },
};
