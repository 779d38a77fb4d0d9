import type { DrugRoute } from '@vigil/contracts';
import type { DrugInput } from '@vigil/engine';

/** A FHIR resource as JSON: only the fields the reader looks at are typed. */
export type FhirJson = { resourceType?: unknown; id?: unknown; [field: string]: unknown };

export const RXNORM_SYSTEM = 'http://www.nlm.nih.gov/research/umls/rxnorm';

/** Where a medication came from: a draft order of the hook context, or the patient's current list (prefetch). */
export type MedicationOrigin = 'draft' | 'current';

/** A medication resource turned into what the resolver can try, most reliable first. */
export interface ReadMedication {
  /** `MedicationRequest/123`, or a positional label when the resource has no id. */
  ref: string;
  /** What a clinician would call it: the text, else a coding's display, else the reference. */
  label: string;
  origin: MedicationOrigin;
  /** RxNorm codes, then each coding's display, then the text, then the same from a referenced Medication. */
  candidates: DrugInput[];
  /**
   * A current medication that was stopped (status `stopped` or `completed` with an end date): the date, `YYYY-MM-DD`.
   * The check keeps it while within its washout and reports it otherwise.
   */
  stoppedOn?: string;
  /** The route its dosage codes (SNOMED CT): skin, eye, ear, nasal, inhaled, intrauterine, or systemic for any other coded route; absent when uncoded. */
  route?: DrugRoute;
}

export interface IgnoredMedication {
  ref: string;
  reason: string;
}

/** Medication resource types read from draft orders and prefetch; anything else in a bundle is not a medication. */
const MEDICATION_TYPES = new Set(['MedicationRequest', 'MedicationStatement']);
/** A draft order with one of these statuses was withdrawn: it is not screened. */
const WITHDRAWN_DRAFT = new Set(['entered-in-error', 'cancelled']);
/** A current medication counts while its status says the patient takes (or may take) it. */
const CURRENT_STATUSES = new Set(['active', 'on-hold', 'intended', 'unknown']);
/** A current medication with one of these statuses and an end date is a recently stopped drug (washout applies). */
const STOPPED_STATUSES = new Set(['stopped', 'completed']);
const DATE_RE = /^(\d{4}-\d{2}-\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2}))?$/;
const MAX_CANDIDATES = 8;
const SNOMED_SYSTEM = 'http://snomed.info/sct';
/**
 * SNOMED CT route codes read as a site: topical and cutaneous (skin), ophthalmic (eye), otic (ear), nasal, respiratory
 * tract and the UK drug extension's inhalation (inhaled), and intrauterine. Any other coded route is systemic.
 */
const SITE_ROUTE_CODES: Readonly<Record<string, DrugRoute>> = {
  '6064005': 'skin',
  '448598008': 'skin',
  '54485002': 'eye',
  '10547007': 'ear',
  '46713006': 'nasal',
  '447694001': 'inhaled',
  '18679011000001101': 'inhaled',
  '62226000': 'intrauterine',
};

export const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const obj = (v: unknown): FhirJson | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as FhirJson) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * Reads medications from FHIR R4 `MedicationRequest` and `MedicationStatement` resources as CDS Hooks delivers them:
 * RxNorm codes first, then the human-readable names, then a contained or bundled `Medication`. Pure: no Nest, no I/O.
 */
export class FhirMedicationReader {
  /** `Medication` resources of the request by `Medication/id` and by full URL, for `medicationReference`. */
  private readonly medications = new Map<string, FhirJson>();

  /** Resources of every bundle in the request (draft orders and prefetch), to resolve `Medication` references. */
  constructor(bundled: readonly { resource: FhirJson; fullUrl?: string }[] = []) {
    for (const { resource, fullUrl } of bundled) {
      if (resource.resourceType !== 'Medication') continue;
      const id = str(resource.id);
      if (id) this.medications.set(`Medication/${id}`, resource);
      if (fullUrl) this.medications.set(fullUrl, resource);
    }
  }

  /**
   * The resources of a Bundle (each entry's `resource`), with their full URLs and their position in `entry` (entries
   * without a resource are skipped, so positions can have gaps); a single resource in place of a bundle is itself.
   */
  static entries(bundle: unknown): { resource: FhirJson; fullUrl?: string; index?: number }[] {
    const b = obj(bundle);
    if (!b) return [];
    if (b.resourceType !== 'Bundle') return [{ resource: b }];
    const out: { resource: FhirJson; fullUrl?: string; index?: number }[] = [];
    arr(b.entry).forEach((e, index) => {
      const entry = obj(e);
      const resource = obj(entry?.resource);
      if (resource) out.push({ resource, fullUrl: str(entry?.fullUrl), index });
    });
    return out;
  }

  static isMedicationResource(resource: FhirJson): boolean {
    return typeof resource.resourceType === 'string' && MEDICATION_TYPES.has(resource.resourceType);
  }

  static refOf(resource: FhirJson, position: string): string {
    const id = str(resource.id);
    return id ? `${String(resource.resourceType)}/${id}` : position;
  }

  /**
   * A medication to screen, or why it is left out (withdrawn draft, a medication not taken or entered in error, or one
   * stopped with no end date). A stopped or completed one with an end date is read with `stoppedOn`.
   */
  read(resource: FhirJson, origin: MedicationOrigin, position: string, today = new Date().toISOString().slice(0, 10)): ReadMedication | IgnoredMedication {
    const ref = FhirMedicationReader.refOf(resource, position);
    const status = str(resource.status);
    if (origin === 'draft' && status && WITHDRAWN_DRAFT.has(status)) return { ref, reason: `draft order status ${status}` };
    let stoppedOn: string | undefined;
    if (origin === 'current' && status && !CURRENT_STATUSES.has(status)) {
      const end = STOPPED_STATUSES.has(status) ? endDateOf(resource) : undefined;
      if (!end) return { ref, reason: STOPPED_STATUSES.has(status) ? `status ${status} with no end date` : `status ${status}` };
      // An end date still ahead: the patient takes it until then, so it counts as stopped today at the earliest.
      stoppedOn = end > today ? today : end;
    }
    const candidates: DrugInput[] = [];
    const names: string[] = [];
    this.fromConcept(obj(resource.medicationCodeableConcept), candidates, names);
    const reference = str(obj(resource.medicationReference)?.reference);
    if (reference) {
      const medication = reference.startsWith('#') ? this.contained(resource, reference.slice(1)) : this.medications.get(reference);
      this.fromConcept(obj(medication?.code), candidates, names);
      if (names.length === 0) {
        const display = str(obj(resource.medicationReference)?.display);
        if (display) {
          candidates.push(display);
          names.push(display);
        }
      }
    }
    const label = names[0] ?? ref;
    const route = routeOf(resource);
    return {
      ref,
      label: stoppedOn ? `${label} (stopped ${stoppedOn})` : label,
      origin,
      candidates: dedupe(candidates).slice(0, MAX_CANDIDATES),
      ...(stoppedOn ? { stoppedOn } : {}),
      ...(route ? { route } : {}),
    };
  }

  /** A bare `Medication` resource (no request or statement of the input refers to it), read from its `code`. */
  readMedication(resource: FhirJson, position: string): ReadMedication {
    const ref = FhirMedicationReader.refOf(resource, position);
    const candidates: DrugInput[] = [];
    const names: string[] = [];
    this.fromConcept(obj(resource.code), candidates, names);
    return { ref, label: names[0] ?? ref, origin: 'current', candidates: dedupe(candidates).slice(0, MAX_CANDIDATES) };
  }

  /** The `medicationReference.reference` of a request or statement, when it has one. */
  static medicationReferenceOf(resource: FhirJson): string | undefined {
    return str(obj(resource.medicationReference)?.reference);
  }

  private contained(resource: FhirJson, id: string): FhirJson | undefined {
    return arr(resource.contained)
      .map(obj)
      .find((c) => c?.resourceType === 'Medication' && c.id === id);
  }

  /** RxNorm codes, then displays, then the text; `names` collects the readable names (text first) for the label. */
  private fromConcept(concept: FhirJson | undefined, candidates: DrugInput[], names: string[]): void {
    if (!concept) return;
    const codings = arr(concept.coding)
      .map(obj)
      .filter((c): c is FhirJson => c !== undefined);
    for (const c of codings) {
      const code = str(c.code);
      if (code && str(c.system) === RXNORM_SYSTEM && /^\d{1,10}$/.test(code)) candidates.push({ rxcui: code });
    }
    const text = str(concept.text);
    if (text) names.push(text);
    for (const c of codings) {
      const display = str(c.display);
      if (display) {
        candidates.push(display);
        names.push(display);
      }
    }
    if (text) candidates.push(text);
  }
}

/**
 * When a stopped medication ended: `MedicationStatement.effectivePeriod.end` (else `effectiveDateTime`), or
 * `MedicationRequest.dispenseRequest.validityPeriod.end`; the date part, `YYYY-MM-DD`.
 */
function endDateOf(resource: FhirJson): string | undefined {
  const period = obj(resource.effectivePeriod);
  const validity = obj(obj(resource.dispenseRequest)?.validityPeriod);
  for (const v of [period?.end, resource.effectiveDateTime, validity?.end]) {
    const m = typeof v === 'string' ? DATE_RE.exec(v.trim()) : null;
    if (m && !Number.isNaN(Date.parse(m[1]))) return m[1];
  }
  return undefined;
}

function dedupe(inputs: DrugInput[]): DrugInput[] {
  const seen = new Set<string>();
  return inputs.filter((i) => {
    const k = typeof i === 'string' ? `n:${i.toLowerCase()}` : `r:${i.rxcui}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function isIgnored(m: ReadMedication | IgnoredMedication): m is IgnoredMedication {
  return 'reason' in m;
}

/**
 * The route of the first dosage that codes one in SNOMED CT (`MedicationRequest.dosageInstruction`,
 * `MedicationStatement.dosage`): skin, eye, ear, nasal, inhaled or intrauterine for those route codes, systemic for any other SNOMED route.
 */
function routeOf(resource: FhirJson): DrugRoute | undefined {
  for (const dosage of [...arr(resource.dosageInstruction), ...arr(resource.dosage)]) {
    for (const coding of arr(obj(obj(dosage)?.route)?.coding)) {
      const c = obj(coding);
      const code = str(c?.code);
      if (!code || str(c?.system) !== SNOMED_SYSTEM) continue;
      return SITE_ROUTE_CODES[code] ?? 'systemic';
    }
  }
  return undefined;
}
