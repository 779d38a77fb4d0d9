import { Injectable } from '@nestjs/common';
import type { CheckInteractionsResult, DrugResolution, DrugRoute, LocalUse } from '@vigil/contracts';
import { type DrugResolver, detectLocalRoute } from '@vigil/engine';
import { KnowledgeBaseService } from '../kb/knowledge-base.service';
import type { ReadMedication } from './fhir-medication.reader';

/** A medication read from FHIR, and whether it is a new order being screened. */
export interface ScreenedMedication extends ReadMedication {
  /** A new order (CDS Hooks selection or draft order, FHIR `MedicationRequest` with status `draft`). */
  proposed: boolean;
}

/** A medication that was not checked, with the reason in words. */
export interface UncheckedMedication {
  medication: ReadMedication;
  /** Why, as a category: nothing readable, no match, several matches, or known by name only. */
  kind: 'unreadable' | 'unresolved' | 'ambiguous' | 'not-reviewed';
  reason: string;
}

export interface Screening {
  kbVersion: string;
  /** The check; undefined when there was nothing to screen (no resolved new order in prospective mode). */
  result?: CheckInteractionsResult;
  /** Check input index → the medication it came from. */
  byIndex: ReadonlyMap<number, ScreenedMedication>;
  /** Unreadable, unresolved or ambiguous medications, and those the knowledge base knows by name only. */
  unchecked: UncheckedMedication[];
}

/**
 * Resolves medications read from FHIR resources (codes first, then names) against the active release and checks
 * them. Shared by the CDS Hooks services and the FHIR `$check-interactions` operation, so both read, resolve and
 * report "not checked" the same way.
 */
@Injectable()
export class MedicationScreeningService {
  constructor(private readonly kb: KnowledgeBaseService) {}

  /**
   * `prospective`: only findings involving a proposed medication are returned (nothing at all when no proposed
   * medication resolves); otherwise every medication is checked against every other. A medication read with
   * `stoppedOn` is checked while within its washout and reported (not checked) beyond it, as on the JSON check.
   */
  screen(meds: readonly ScreenedMedication[], prospective: boolean): Screening {
    const { kb } = this.kb.current();
    const resolver = this.kb.engine.resolverFor(kb);
    const resolutions: DrugResolution[] = [];
    const byIndex = new Map<number, ScreenedMedication>();
    const unchecked: UncheckedMedication[] = [];
    const proposed: number[] = [];
    const stopped = new Map<number, string>();
    const routes = new Map<number, { route: DrugRoute; from: LocalUse['from'] }>();
    for (const med of meds) {
      const resolution = resolveFirst(resolver, med);
      if (!resolution || resolution.status !== 'resolved') {
        unchecked.push({
          medication: med,
          kind: med.candidates.length === 0 ? 'unreadable' : resolution?.status === 'ambiguous' ? 'ambiguous' : 'unresolved',
          reason: resolution?.reason ?? (med.candidates.length === 0 ? 'it carries no code or name Vigil can read' : 'no code or name in it matches a known drug'),
        });
        continue;
      }
      const index = resolutions.length;
      resolutions.push({ ...resolution, index, id: med.ref });
      byIndex.set(index, med);
      if (med.proposed) proposed.push(index);
      if (med.stoppedOn && !med.proposed) stopped.set(index, med.stoppedOn);
      // A coded dosage route first (SNOMED CT), else a route the names state ("... Ophthalmic Solution").
      const named = med.route ? undefined : med.candidates.map((c) => (typeof c === 'string' ? detectLocalRoute(c) : undefined)).find((r) => r !== undefined);
      if (med.route) routes.set(index, { route: med.route, from: 'request' });
      else if (named) routes.set(index, { route: named, from: 'name' });
      if (resolution.coverage === 'names-only') {
        unchecked.push({ medication: med, kind: 'not-reviewed', reason: 'the knowledge base knows this drug by name only: its interactions have not been reviewed' });
      }
    }
    if (prospective && proposed.length === 0) return { kbVersion: kb.version, byIndex, unchecked };
    const result = this.kb.engine.checkResolved(kb, resolutions, {
      ...(prospective ? { proposed } : {}),
      ...(stopped.size ? { stopped } : {}),
      ...(routes.size ? { routes } : {}),
    });
    return { kbVersion: kb.version, result, byIndex, unchecked };
  }
}

/** The first candidate (codes, then names) that resolves; else the most informative failure. */
function resolveFirst(resolver: DrugResolver, med: ReadMedication): DrugResolution | undefined {
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
