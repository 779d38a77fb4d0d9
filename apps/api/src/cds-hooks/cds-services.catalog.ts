import type { CdsDiscovery, CdsServiceId } from '@vigil/contracts';

export interface CdsServiceDefinition {
  id: CdsServiceId;
  hook: 'order-select' | 'order-sign';
  title: string;
  description: string;
}

/** Prefetch templates: the patient's active medications. `medicationRequests` is required, statements optional. */
export const CDS_PREFETCH: Readonly<Record<string, string>> = Object.freeze({
  medicationRequests: 'MedicationRequest?patient={{context.patientId}}&status=active',
  medicationStatements: 'MedicationStatement?patient={{context.patientId}}&status=active',
});
export const REQUIRED_PREFETCH = 'medicationRequests';

export const CDS_SERVICES: readonly CdsServiceDefinition[] = Object.freeze([
  {
    id: 'vigil-order-select',
    hook: 'order-select',
    title: 'Vigil drug interaction screening (order select)',
    description: 'Screens the medication orders just selected against the other draft orders and the patient’s active medications.',
  },
  {
    id: 'vigil-order-sign',
    hook: 'order-sign',
    title: 'Vigil drug interaction screening (order sign)',
    description: 'Screens every draft medication order against the patient’s active medications before signing.',
  },
]);

export function cdsDiscovery(): CdsDiscovery {
  return {
    services: CDS_SERVICES.map((s) => ({
      hook: s.hook,
      id: s.id,
      title: s.title,
      description: s.description,
      prefetch: { ...CDS_PREFETCH },
      usageRequirements:
        'Authenticate with the CDS Hooks JWT of an issuer registered on a Vigil API key (ES384 or RS384), or with x-api-key; the key needs the cds:invoke scope. The medicationRequests prefetch is required.',
    })),
  };
}
