import { z } from 'zod';
import { DRUG_ROUTES } from './drug-resolution.response';
import { SeveritySchema } from './severity';

/** One entry is enough: a free-text combination is checked internally, and a single drug still gets its resolution and warnings. */
export const MIN_DRUGS = 1;
export const MAX_DRUGS = 100;
export const MAX_NAME_LENGTH = 200;
export const INCLUDE_FIELDS = ['evidence', 'mechanism', 'management'] as const;
const IDENTIFIERS = ['name', 'rxcui', 'atc', 'ndc'] as const;

/** A non-blank string of at most 200 characters matching `pattern` once trimmed (codes: type, empty, max_length, format). */
function identifier(label: string, pattern: RegExp | null, description: string) {
  let s = z
    .string({ error: `"${label}" must be a string` })
    .max(MAX_NAME_LENGTH, { error: `at most ${MAX_NAME_LENGTH} characters` })
    .refine((v) => v.trim().length > 0, { error: `"${label}" must not be empty`, params: { code: 'empty' }, abort: true });
  if (pattern) s = s.refine((v) => pattern.test(v.trim()), { error: (i) => `"${String(i.input)}" is not a valid ${label.toUpperCase()}`, params: { code: 'format' } });
  return s.describe(description);
}

const DrugNameSchema = z
  .string()
  .max(MAX_NAME_LENGTH, { error: `at most ${MAX_NAME_LENGTH} characters` })
  .refine((v) => v.trim().length > 0, { error: 'a drug name must not be empty', params: { code: 'empty' } })
  .describe('A name as a prescriber or patient writes it: generic, brand, INN, abbreviation, with or without strength and form text (e.g. `Coumadin 5 mg`).');

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** A real calendar date `YYYY-MM-DD` (optionally a full RFC 3339 date-time, whose date part is used). */
function isCalendarDate(v: string): boolean {
  const m = DATE_RE.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** A stop date may be today anywhere on Earth: up to one day after today's UTC date. */
function notFuture(v: string): boolean {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return v.slice(0, 10) <= tomorrow;
}

const StoppedOnSchema = z
  .string({ error: '"stoppedOn" must be a date string (YYYY-MM-DD)' })
  .refine(isCalendarDate, { error: (i) => `"${String(i.input)}" is not a date (YYYY-MM-DD)`, params: { code: 'format' }, abort: true })
  .refine(notFuture, { error: (i) => `"${String(i.input)}" is in the future: a stopped drug has a past stop date`, params: { code: 'future_date' } })
  .describe(
    'Date the drug was stopped (`YYYY-MM-DD`; a date-time is accepted and its date used). It is still checked while within its washout (curated per ingredient with a citation, else 14 days) and left out after it; see `resolutions[].stopped`.',
  );

const DrugIdentifierSchema = z
  .strictObject({
    id: z
      .string({ error: '"id" must be a string of at most 100 characters' })
      .max(100, { error: '"id" must be a string of at most 100 characters' })
      .optional()
      .describe('Your own id for the entry, echoed in its resolution'),
    name: identifier('name', null, 'Name (as for a plain string entry)').optional(),
    rxcui: identifier('rxcui', /^\d{1,10}$/, 'RxNorm RxCUI of an ingredient or product, e.g. `11289`').optional(),
    atc: identifier('atc', /^[A-Za-z]\d{2}([A-Za-z]([A-Za-z](\d{2})?)?)?$/, 'WHO ATC code; a 7-character code names one substance, e.g. `B01AA03`').optional(),
    ndc: identifier('ndc', /^\d{4,5}-?\d{3,4}-?\d{1,2}$/, 'US National Drug Code (resolved where the vocabulary has it)').optional(),
    proposed: z
      .boolean({ error: '"proposed" must be true or false' })
      .optional()
      .describe(
        'True for a new order being screened against the current list. When any entry is proposed, only findings involving at least one proposed drug are returned (prospective screening; see `summary.prospective`).',
      ),
    stoppedOn: StoppedOnSchema.optional(),
    route: z
      .enum(DRUG_ROUTES, { error: `"route" must be one of ${DRUG_ROUTES.join(', ')}` })
      .optional()
      .describe(
        'Where the drug is applied: `skin`, `eye`, `ear`, `nasal` (nose spray), `inhaled` (inhaler, nebuliser), `intrauterine` (hormonal IUD), or `systemic` (by mouth, injection, patch, vaginal ring…). Default: read from the name (“cream”, “shampoo”, “eye drops”, “otic”, “nasal spray”, “HFA”, “IUD”…) or from a brand sold for one site (“Nasacort”, “Pred Forte”, “Mirena”), else systemic. A skin, eye or ear entry whose ingredients the knowledge base records as negligibly absorbed by that route is left out of the check and reported (`resolutions[].localUse`, warning `local_use_not_checked`). Any other entry is checked, but one applied to the skin, eye, ear, nose, lungs or uterus does not count as a systemic drug where only systemic use matters (a hydrocortisone cream or a nasal triamcinolone is not a systemic corticosteroid; enzyme inducers do not make a levonorgestrel IUD fail as they do the pill). `resolutions[].site` says where the check took the entry to be used.',
      ),
  })
  .check((ctx) => {
    const present = IDENTIFIERS.filter((k) => ctx.value[k] !== undefined).length;
    if (present !== 1)
      ctx.issues.push({ code: 'custom', input: ctx.value, params: { code: 'one_identifier' }, message: `give exactly one of ${IDENTIFIERS.join(', ')} (got ${present})` });
    if (ctx.value.proposed === true && ctx.value.stoppedOn !== undefined)
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['stoppedOn'],
        params: { code: 'conflict' },
        message: 'an entry cannot be both a new order (`proposed: true`) and stopped (`stoppedOn`)',
      });
  })
  .meta({
    description:
      'An identified drug: exactly one of `name`, `rxcui`, `atc`, `ndc`; optionally your own `id`, `proposed: true` for a new order, `stoppedOn` for a recently stopped drug, or the `route` it is applied by.',
    oneOf: IDENTIFIERS.map((k) => ({ required: [k], properties: { [k]: { type: 'string' } } })),
  });

/** One drug of a check: a name string, or an object with exactly one identifier and an optional client id. */
export const DrugEntrySchema = z.union([DrugNameSchema, DrugIdentifierSchema], { error: 'each drug must be a name string or an object with one of name, rxcui, atc, ndc' }).meta({
  id: 'DrugEntry',
  description: 'A drug: a name string, or an object with exactly one identifier (`name`, `rxcui`, `atc` or `ndc`) and an optional client `id` echoed back in its resolution.',
});

export type CheckDrugEntry = z.infer<typeof DrugEntrySchema>;

export const CheckOptionsSchema = z
  .strictObject(
    {
      minSeverity: SeveritySchema.optional().describe('Leave out findings less severe than this (counted in `summary.hiddenBySeverityFilter`)'),
      include: z
        .array(z.enum(INCLUDE_FIELDS, { error: `must be one of ${INCLUDE_FIELDS.join(', ')}` }), { error: `must be an array of ${INCLUDE_FIELDS.join(', ')}` })
        .optional()
        .describe('Optional text blocks of each finding to return; default all of `evidence`, `mechanism`, `management`'),
    },
    { error: (i) => (i.code === 'unrecognized_keys' ? undefined : '"options" must be an object') },
  )
  .meta({ id: 'CheckOptions', description: 'Optional filters of a check.' });

/** One medication list: 1 to 100 entries (the check's `drugs`, and each list of a batch). */
export const DrugListSchema = z
  .array(DrugEntrySchema, { error: `"drugs" must be an array of ${MIN_DRUGS} to ${MAX_DRUGS} entries` })
  .min(MIN_DRUGS, { error: (i) => `send at least ${MIN_DRUGS} drug (got ${(i.input as unknown[]).length})` })
  .max(MAX_DRUGS, { error: (i) => `send at most ${MAX_DRUGS} drugs (got ${(i.input as unknown[]).length})` });

/** `POST /v1/interactions/check` body. */
export const CheckInteractionsRequestSchema = z
  .strictObject(
    {
      drugs: DrugListSchema.describe(`The medication list, ${MIN_DRUGS} to ${MAX_DRUGS} entries; every pair is checked`),
      options: CheckOptionsSchema.optional(),
    },
    { error: (i) => (i.code === 'unrecognized_keys' ? undefined : 'the body must be a JSON object with a "drugs" array') },
  )
  .meta({ id: 'CheckInteractionsRequest', description: 'A medication list to check.' });

export type CheckInteractionsRequest = z.infer<typeof CheckInteractionsRequestSchema>;
export type CheckOptionsRequest = z.infer<typeof CheckOptionsSchema>;
