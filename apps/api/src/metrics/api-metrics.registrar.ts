import { Injectable, type OnModuleInit } from '@nestjs/common';
import { VigilMetrics } from '@vigil/platform';
import { KnowledgeBaseService } from '../kb/knowledge-base.service';
import { ApiKeyPrincipalService } from '../keys/api-key-principal.service';
import { UsageRecorderService } from '../keys/usage-recorder.service';

/** The API's own metrics, read from its services' counters at scrape time (nothing added to the request path). */
@Injectable()
export class ApiMetricsRegistrar implements OnModuleInit {
  constructor(
    private readonly metrics: VigilMetrics,
    private readonly principals: ApiKeyPrincipalService,
    private readonly usage: UsageRecorderService,
    private readonly kb: KnowledgeBaseService,
  ) {}

  onModuleInit(): void {
    const { principals, usage, kb } = this;
    this.metrics.counterFrom(
      'vigil_key_cache_lookups_total',
      'API key lookups: hit (known key cached), negative_hit (unknown key cached), miss (database query)',
      ['result'],
      (set) => {
        set({ result: 'hit' }, principals.hits);
        set({ result: 'negative_hit' }, principals.unknown.hits);
        set({ result: 'miss' }, principals.lookups);
      },
    );
    this.metrics.gauge('vigil_key_cache_entries', 'Cached unknown key hashes (the negative cache)', ['kind'], (set) => set({ kind: 'unknown' }, principals.unknown.size));
    this.metrics.counterFrom(
      'vigil_key_decisions_total',
      'Calls that passed authentication, by the key policy outcome: allowed, rate_limited (the rate limit or the monthly quota; see vigil_http_requests_total{code}), denied (status, IP or scope)',
      ['outcome'],
      (set) => {
        for (const [outcome, n] of Object.entries(usage.totals)) set({ outcome }, n);
      },
    );
    this.metrics.gauge('vigil_kb_release_info', 'The knowledge-base release this instance answers from (value 1)', ['version'], (set) => {
      const version = kb.current()?.kb.version;
      if (version) set({ version }, 1);
    });
  }
}
