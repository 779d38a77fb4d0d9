import { Injectable } from '@nestjs/common';
import { SEVERITIES, type Severity, isNonCommercialLicense } from '@vigil/contracts';
import { type KnowledgeBase, loadCuratedKb } from '@vigil/engine';
import { ProblemException } from '@vigil/platform';
import type { KbStatusResponse } from '@vigil/contracts';

/** Version, sizes and sources of the curated pack this build ships (`@vigil/engine`'s curated KB); releases add imported sources on top. */
@Injectable()
export class KbStatusService {
  private cached: KbStatusResponse | undefined;

  status(): KbStatusResponse {
    if (this.cached) return this.cached;
    let kb: KnowledgeBase;
    try {
      kb = loadCuratedKb();
    } catch (error) {
      throw new ProblemException('ServiceUnavailable', { detail: `The knowledge base could not be loaded: ${(error as Error).message}` });
    }
    const rulesBySeverity = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
    for (const r of kb.rules) rulesBySeverity[r.severity] = (rulesBySeverity[r.severity] ?? 0) + 1;
    this.cached = {
      version: kb.version,
      releasedAt: kb.releasedAt,
      counts: { sources: kb.sources.length, ...kb.counts() },
      rulesBySeverity,
      sources: kb.sources.map((s) => ({
        id: s.id,
        title: s.title,
        license: s.license,
        nonCommercial: isNonCommercialLicense(s.license),
        url: s.url ?? null,
        rules: kb.rules.filter((r) => r.sourceId === s.id).length,
        citedByRules: kb.rules.filter((r) => r.citations.some((c) => c.source === s.id)).length,
        pathways: kb.pathways.filter((p) => p.sourceId === s.id).length,
      })),
    };
    return this.cached;
  }
}
