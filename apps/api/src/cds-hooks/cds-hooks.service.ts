import { Injectable } from '@nestjs/common';
import { type CdsDiscovery, type CdsHookResponse, CdsHookRequestSchema, type DrugResolution, MAX_CDS_MEDICATIONS } from '@vigil/contracts';
import { CHECK_DISCLAIMER, type DrugResolver } from '@vigil/engine';
import { ProblemException, parseOrThrow, validationFailed } from '@vigil/platform';
import { KnowledgeBaseService } from '../kb/knowledge-base.service';
import { type CardMedication, CdsCardBuilder, type UncheckedMedication } from './cds-card.builder';
import { CdsCardLedger } from './cds-card.ledger';
import { CDS_SERVICES, type CdsServiceDefinition, REQUIRED_PREFETCH, cdsDiscovery } from './cds-services.catalog';
import { type FhirJson, FhirMedicationReader, type ReadMedication, isIgnored } from './fhir-medication.reader';

const INDICATOR_ORDER = { critical: 0, warning: 1, info: 2 } as const;

/** CDS Hooks 2.0: reads the hook's medications, screens the new orders with the engine, answers cards. */
@Injectable()
export class CdsHooksService {
  private readonly discoveryDocument = cdsDiscovery();

  constructor(
    private readonly kb: KnowledgeBaseService,
    private readonly ledger: CdsCardLedger,
  ) {}

  discovery(): CdsDiscovery {
    return this.discoveryDocument;
  }

  /** The service with this id, or a 404 problem. */
  service(id: string): CdsServiceDefinition {
    const service = CDS_SERVICES.find((s) => s.id === id);
    if (!service) throw new ProblemException('NotFound', { detail: `There is no CDS service "${id}"; GET /cds-services lists them.` });
    return service;
  }

  async call(serviceId: string, body: unknown): Promise<CdsHookResponse> {
    const service = this.service(serviceId);
    const request = parseOrThrow(CdsHookRequestSchema, body);
    if (request.hook !== service.hook) {
      throw validationFailed([{ pointer: '/hook', code: 'enum', message: `service ${service.id} answers the ${service.hook} hook` }]);
    }
    const prefetch = request.prefetch ?? {};
    if (!(REQUIRED_PREFETCH in prefetch)) {
      throw new ProblemException('PrefetchMissing', {
        detail: `The ${REQUIRED_PREFETCH} prefetch (the patient's active MedicationRequests, or null when there are none) is required; Vigil never queries your FHIR server.`,
      });
    }
    const drafts = FhirMedicationReader.entries(request.context.draftOrders);
    const current = [...FhirMedicationReader.entries(prefetch.medicationRequests), ...FhirMedicationReader.entries(prefetch.medicationStatements)];
    const reader = new FhirMedicationReader([...drafts, ...current]);

    const selections = service.hook === 'order-select' ? new Set(request.context.selections ?? []) : undefined;
    const meds: CardMedication[] = [];
    const seen = new Set<string>();
    const take = (resource: FhirJson, origin: 'draft' | 'current', position: string) => {
      if (!FhirMedicationReader.isMedicationResource(resource)) return;
      const read = reader.read(resource, origin, position);
      if (isIgnored(read) || seen.has(read.ref)) return;
      seen.add(read.ref);
      meds.push({ ...read, proposed: origin === 'draft' && (selections ? selections.has(read.ref) : true) });
    };
    drafts.forEach(({ resource }, i) => take(resource, 'draft', `#draftOrders/entry/${i}`));
    current.forEach(({ resource }, i) => take(resource, 'current', `#prefetch/entry/${i}`));
    if (meds.length > MAX_CDS_MEDICATIONS) {
      throw validationFailed([{ pointer: '/prefetch', code: 'max_items', message: `at most ${MAX_CDS_MEDICATIONS} medications per call (draft orders and prefetch together)` }]);
    }

    const { kb } = this.kb.current();
    const resolver = this.kb.engine.resolverFor(kb);
    const builder = new CdsCardBuilder(kb.version, CHECK_DISCLAIMER);
    const resolutions: DrugResolution[] = [];
    const byIndex = new Map<number, CardMedication>();
    const unchecked: UncheckedMedication[] = [];
    const proposed: number[] = [];
    for (const med of meds) {
      const resolution = this.resolve(resolver, med);
      if (!resolution || resolution.status !== 'resolved') {
        // Only what the screened orders meet matters at order-select; an unreadable current drug still matters.
        unchecked.push({
          medication: med,
          reason: resolution?.reason ?? (med.candidates.length === 0 ? 'it carries no code or name Vigil can read' : 'no code or name in it matches a known drug'),
        });
        continue;
      }
      const index = resolutions.length;
      resolutions.push({ ...resolution, index, id: med.ref });
      byIndex.set(index, med);
      if (med.proposed) proposed.push(index);
      if (resolution.coverage === 'names-only') {
        unchecked.push({ medication: med, reason: 'the knowledge base knows this drug by name only: its interactions have not been reviewed' });
      }
    }
    if (proposed.length === 0) return { cards: unchecked.map((u) => builder.unchecked(u)) };
    const result = this.kb.engine.checkResolved(kb, resolutions, { proposed });
    const issued = result.interactions.map((f) => ({ f, card: builder.finding(f, byIndex) })).filter((x) => x.card !== undefined);
    await this.ledger.remember(issued.map(({ f, card }) => ({ uuid: card!.uuid, ruleId: f.ruleId, ingredients: f.participants.map((p) => p.ingredientId), severity: f.severity })));
    const cards = issued.map((x) => x.card!);
    cards.sort((a, b) => INDICATOR_ORDER[a.indicator] - INDICATOR_ORDER[b.indicator]);
    return { cards: [...cards, ...unchecked.map((u) => builder.unchecked(u))] };
  }

  /** The first candidate (codes, then names) that resolves; else the most informative failure. */
  private resolve(resolver: DrugResolver, med: ReadMedication): DrugResolution | undefined {
    let failure: DrugResolution | undefined;
    for (const candidate of med.candidates) {
      const r = resolver.resolve(candidate);
      if (r.status === 'resolved') return r;
      if (!failure || (failure.status === 'unresolved' && r.status === 'ambiguous')) failure = r;
    }
    if (failure?.status === 'ambiguous') {
      const names = (failure.suggestions ?? []).slice(0, 3).map((s) => s.name);
      return { ...failure, reason: `"${failure.input}" is ambiguous${names.length ? ` (${names.join(', ')}…)` : ''}` };
    }
    return failure;
  }
}
