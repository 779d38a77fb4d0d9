import { Injectable } from '@nestjs/common';
import { type CdsDiscovery, type CdsHookResponse, CdsHookRequestSchema, MAX_CDS_MEDICATIONS } from '@vigil/contracts';
import { CHECK_DISCLAIMER } from '@vigil/engine';
import { ProblemException, parseOrThrow, validationFailed } from '@vigil/platform';
import { CdsCardBuilder } from './cds-card.builder';
import { CdsCardLedger } from './cds-card.ledger';
import { CDS_SERVICES, type CdsServiceDefinition, REQUIRED_PREFETCH, cdsDiscovery } from './cds-services.catalog';
import { type FhirJson, FhirMedicationReader, isIgnored } from '../fhir/fhir-medication.reader';
import { MedicationScreeningService, type ScreenedMedication } from '../fhir/medication-screening.service';

const INDICATOR_ORDER = { critical: 0, warning: 1, info: 2 } as const;

/** CDS Hooks 2.0: reads the hook's medications, screens the new orders with the engine, answers cards. */
@Injectable()
export class CdsHooksService {
  private readonly discoveryDocument = cdsDiscovery();

  constructor(
    private readonly screening: MedicationScreeningService,
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
    const meds: ScreenedMedication[] = [];
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

    const screening = this.screening.screen(meds, true);
    const builder = new CdsCardBuilder(screening.kbVersion, CHECK_DISCLAIMER);
    const uncheckedCards = screening.unchecked.map((u) => builder.unchecked(u));
    if (!screening.result) return { cards: uncheckedCards };
    const issued = screening.result.interactions.map((f) => ({ f, card: builder.finding(f, screening.byIndex) })).filter((x) => x.card !== undefined);
    await this.ledger.remember(issued.map(({ f, card }) => ({ uuid: card!.uuid, ruleId: f.ruleId, ingredients: f.participants.map((p) => p.ingredientId), severity: f.severity })));
    const cards = issued.map((x) => x.card!);
    for (const r of screening.result.resolutions) {
      const med = screening.byIndex.get(r.index);
      if (med?.proposed && r.usMarket && r.usMarket.length > 0) cards.push(builder.noLongerMarketed(med, r.usMarket));
    }
    cards.sort((a, b) => INDICATOR_ORDER[a.indicator] - INDICATOR_ORDER[b.indicator]);
    return { cards: [...cards, ...uncheckedCards] };
  }
}
