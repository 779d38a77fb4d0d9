import { z } from 'zod';

/** How one input of a check was turned into ingredients. */
export const RESOLUTION_STATUSES = ['resolved', 'ambiguous', 'unresolved'] as const;
export type ResolutionStatus = (typeof RESOLUTION_STATUSES)[number];

/**
 * How the name was matched: `exact` generic name, `synonym` (INN/BAN/abbreviation), `salt` (salt or ester form),
 * `brand` (brand or combination-product name), `code` (RxCUI, ATC, NDC), `fuzzy` (spelling correction, confidence < 1).
 */
export const RESOLUTION_METHODS = ['exact', 'synonym', 'salt', 'brand', 'code', 'fuzzy'] as const;
export type ResolutionMethod = (typeof RESOLUTION_METHODS)[number];

export const DRUG_COVERAGES = ['reviewed', 'names-only'] as const;
export type DrugCoverage = (typeof DRUG_COVERAGES)[number];

export const ResolvedIngredientSchema = z
  .object({
    id: z.string().describe('Knowledge-base ingredient id, e.g. `insulin-glargine` (use with `GET /v1/drugs/{id}`)'),
    name: z.string().describe('Display name (lower-case generic)'),
    rxcui: z.string().optional().describe('RxNorm RxCUI, when known'),
  })
  .meta({ id: 'ResolvedIngredient', description: 'An active ingredient an input was resolved to.' });
export type ResolvedIngredient = z.infer<typeof ResolvedIngredientSchema>;

export const DrugSuggestionSchema = z
  .object({
    name: z.string().describe('Display name of the suggested drug or product'),
    score: z.number().min(0).max(1).describe('Similarity 0–1 (1 = identical after normalisation)'),
    matched: z.string().optional().describe('The name form that matched (a brand, synonym…), when it differs from `name`'),
    ingredientIds: z.array(z.string()).optional().describe('Ingredient ids of the suggestion'),
  })
  .meta({ id: 'DrugSuggestion', description: 'A candidate for an input that was not resolved, best first.' });
export type DrugSuggestion = z.infer<typeof DrugSuggestionSchema>;

/** Washout assumed for a drug the knowledge base has no washout for (`washoutBasis: default`). */
export const DEFAULT_WASHOUT_DAYS = 14;

/** A label or paper cited by a washout or a local-use record (the same fields as a finding's citation). */
const CitationRefSchema = z.object({
  source: z.string().describe('Source type id (`fda-label`, `literature`…)'),
  title: z.string().describe('Title of the label or paper'),
  section: z.string().optional().describe('Section'),
  url: z.string().optional().describe('Where to read it'),
});

export const StoppedDrugSchema = z
  .object({
    on: z.string().describe('Date the drug was stopped (`YYYY-MM-DD`), as sent in `stoppedOn`'),
    daysAgo: z.int().min(0).describe('Whole days from `on` to the check date (UTC)'),
    washoutDays: z.int().min(1).describe('Days a stopped drug still interacts: the longest of its ingredients’ washouts'),
    washoutBasis: z
      .enum(['curated', 'default'])
      .describe(`\`curated\`: from the knowledge base, with citations; \`default\`: no curated washout, ${DEFAULT_WASHOUT_DAYS} days assumed`),
    checked: z.boolean().describe('True while `daysAgo` < `washoutDays`: the drug is still checked. False: it was left out of the check'),
    note: z.string().describe('Why the washout is what it is, in words'),
    citations: z.array(CitationRefSchema).describe('Citations of a curated washout (empty for the default)'),
  })
  .meta({ id: 'StoppedDrug', description: 'A recently stopped drug (`stoppedOn`): whether it is still within its washout and so still checked.' });
export type StoppedDrug = z.infer<typeof StoppedDrugSchema>;

/** Local routes whose systemic exposure the knowledge base records, per ingredient, as negligible or not. */
export const LOCAL_ROUTES = ['skin', 'eye', 'ear'] as const;
export type LocalRoute = (typeof LOCAL_ROUTES)[number];
/** The routes that are not systemic: where a drug can be used that some rules, classes and domains leave out. */
export const DOSE_SITES = [...LOCAL_ROUTES, 'nasal', 'inhaled', 'intrauterine'] as const;
export type DoseSite = (typeof DOSE_SITES)[number];
/**
 * What a check entry may say about its route (`systemic` overrides a route read from the name). `nasal`, `inhaled`
 * and `intrauterine` are checked as systemic, except by the rules, classes and domains the knowledge base says do not
 * apply there (a levonorgestrel IUD is not an oral contraceptive that an enzyme inducer can make fail).
 */
export const DRUG_ROUTES = [...DOSE_SITES, 'systemic'] as const;
export type DrugRoute = (typeof DRUG_ROUTES)[number];

export const LocalUseSchema = z
  .object({
    route: z.enum(LOCAL_ROUTES).describe('`skin` (cream, ointment, lotion, shampoo), `eye` (eye drops or ointment) or `ear` (ear drops)'),
    from: z.enum(['request', 'name']).describe('`request`: the entry’s `route`; `name`: read from the name (“cream”, “shampoo”, “eye drops”, “otic”…)'),
    checked: z
      .boolean()
      .describe('False: every ingredient is recorded as negligibly absorbed by this route, so the entry was left out of the check. True: it was checked as a systemic drug'),
    note: z.string().describe('Why, in words'),
    citations: z.array(CitationRefSchema).describe('Labels or papers that report the negligible absorption (empty when checked)'),
  })
  .meta({ id: 'LocalUse', description: 'A drug applied to the skin, eye or ear: whether its systemic interactions were checked.' });
export type LocalUse = z.infer<typeof LocalUseSchema>;

/** Why a drug is no longer on the US market: `withdrawn` (removed for safety) or `discontinued` (commercial reasons). */
export const US_MARKET_STATUSES = ['withdrawn', 'discontinued'] as const;
export type UsMarketStatus = (typeof US_MARKET_STATUSES)[number];

export const UsMarketStatusSchema = z
  .object({
    ingredientId: z.string().describe('The ingredient (one of `ingredients`) that is no longer marketed in the US'),
    name: z.string().describe('Its display name'),
    status: z
      .enum(US_MARKET_STATUSES)
      .describe(
        '`withdrawn`: removed from the US market for safety (FDA request, Federal Register or safety communication); `discontinued`: no longer marketed for commercial reasons (every Drugs@FDA product discontinued)',
      ),
    year: z.int().optional().describe('Year of the withdrawal or of the last US marketing, when a cited record gives it'),
    reason: z.string().optional().describe('The safety reason of a withdrawal, in words'),
    citations: z.array(CitationRefSchema).describe('The FDA records that say so'),
  })
  .meta({ id: 'UsMarketStatus', description: 'An ingredient no longer marketed in the United States: the check still ran for it, and warns (`no_longer_marketed`).' });
export type UsMarketStatusInfo = z.infer<typeof UsMarketStatusSchema>;

export const DrugResolutionSchema = z
  .object({
    index: z.int().min(0).describe('Position of the drug in the request’s `drugs`'),
    id: z.string().optional().describe('Your `id` for the entry, echoed back'),
    input: z.string().describe('The input as text (a name, or `rxcui:…`, `atc:…`, `ndc:…`)'),
    status: z.enum(RESOLUTION_STATUSES).describe('`resolved` = ingredients known; `ambiguous` and `unresolved` inputs were not checked'),
    method: z.enum(RESOLUTION_METHODS).optional().describe('How it matched: `exact`, `synonym`, `salt`, `brand`, `code` or `fuzzy` (spelling correction)'),
    confidence: z.number().min(0).max(1).optional().describe('1 for deterministic matches; below 1 for spelling corrections'),
    ingredients: z.array(ResolvedIngredientSchema).describe('Active ingredients (several for a combination product); empty unless `resolved`'),
    matched: z.string().optional().describe('The name form that matched (brand, salt, synonym, product) or the corrected spelling'),
    product: z.string().optional().describe('Name of the combination product, when the input is one'),
    split: z
      .boolean()
      .optional()
      .describe('True when a free-text combination ("warfarin/aspirin") that is not a known product was split into ingredients, which are then also checked against each other'),
    suggestions: z.array(DrugSuggestionSchema).optional().describe('Candidates, best first (ambiguous and unresolved inputs)'),
    reason: z.string().optional().describe('Why the input was not resolved, in words'),
    coverage: z
      .enum(DRUG_COVERAGES)
      .optional()
      .describe(
        'Resolved inputs: `reviewed` when the knowledge base has reviewed the drug’s interactions; `names-only` when it knows the name only — then no finding means *not checked*, and the check is incomplete',
      ),
    stopped: StoppedDrugSchema.optional().describe('Present when the entry has `stoppedOn` and resolved: its washout and whether it was checked'),
    localUse: LocalUseSchema.optional().describe('Present when the entry is applied to the skin, eye or ear (its `route`, or read from the name) and resolved'),
    site: z
      .enum(DOSE_SITES)
      .optional()
      .describe(
        'Where the check took the entry to be used, when that is not systemic and it matters to the answer: `skin`, `eye` or `ear` (as `localUse.route`), `nasal`, `inhaled` or `intrauterine` (its `route`, read from the name, or a brand sold for one site, e.g. “Mirena”). Absent = checked as a systemic drug',
      ),
    usMarket: z
      .array(UsMarketStatusSchema)
      .optional()
      .describe(
        'Present when a resolved ingredient is no longer marketed in the US (withdrawn or discontinued): the entry may be wrong (an old list, a look-alike name) or the drug imported or compounded. It is still checked; the check warns `no_longer_marketed`',
      ),
  })
  .meta({ id: 'DrugResolution', description: 'How one input was understood.' });
export type DrugResolution = z.infer<typeof DrugResolutionSchema>;

export const UnresolvedDrugSchema = z
  .object({
    index: z.int().min(0).describe('Position in `drugs`'),
    id: z.string().optional().describe('Your `id` for the entry'),
    input: z.string().describe('The input as text'),
    status: z.enum(['ambiguous', 'unresolved']).describe('`ambiguous`: several drugs match; `unresolved`: none does'),
    suggestions: z.array(DrugSuggestionSchema).describe('Candidates, best first'),
    reason: z.string().optional().describe('Why, in words'),
  })
  .meta({ id: 'UnresolvedDrug', description: 'An input that was not checked.' });
export type UnresolvedDrug = z.infer<typeof UnresolvedDrugSchema>;
