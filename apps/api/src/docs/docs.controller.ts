import { Controller, Get, Header, Inject, type OnApplicationBootstrap } from '@nestjs/common';
import { Public } from '@vigil/auth';
import { PUBLIC_ROUTES, buildOpenApiDocument } from '@vigil/contracts';
import { API_CONFIG } from '../config/api-config.token';
import type { ApiConfig } from '../config/api-env.schema';
import { DrugsService } from '../drugs/drugs.service';
import { FhirCheckService } from '../fhir/fhir-check.service';
import { InteractionsService } from '../interactions/interactions.service';
import { KnowledgeBaseService } from '../kb/knowledge-base.service';
import { renderDocsPage } from './docs-page.renderer';

/**
 * `GET /openapi.json` and the rendered reference at `GET /docs`, built from the contracts. The response examples are
 * real: each route's example request is run through the same services as a request would be, on the release serving
 * now. Built at start and again on the first request after another release became active (a hot swap).
 */
@Public()
@Controller()
export class DocsController implements OnApplicationBootstrap {
  private built: { kbVersion: string; openapi: Record<string, unknown>; html: string } | undefined;

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly interactions: InteractionsService,
    private readonly drugs: DrugsService,
    private readonly kb: KnowledgeBaseService,
    private readonly fhir: FhirCheckService,
  ) {}

  onApplicationBootstrap(): void {
    this.current();
  }

  /** The document and page of the release serving now. */
  private current(): { openapi: Record<string, unknown>; html: string } {
    const kbVersion = this.kb.current().kb.version;
    if (this.built?.kbVersion !== kbVersion) {
      const publicUrl = this.config.PUBLIC_API_URL;
      const openapi = buildOpenApiDocument(
        { serverUrl: publicUrl ?? `http://localhost:${this.config.PORT}`, serverUrlIsPublic: Boolean(publicUrl), keyPrefix: this.config.VIGIL_KEY_PREFIX },
        PUBLIC_ROUTES,
        this.examples(),
      );
      this.built = { kbVersion, openapi, html: renderDocsPage(openapi) };
    }
    return this.built;
  }

  /** Real responses to each route's example request (the key description is the shape a new key on the first plan has). */
  private examples(): Record<string, unknown> {
    const example = (id: string) => PUBLIC_ROUTES.find((r) => r.operationId === id)!.example;
    const plan = this.config.VIGIL_PLANS[0];
    return {
      checkInteractions: JSON.parse(this.interactions.check(example('checkInteractions').body, 'req-example').json),
      searchDrugs: this.drugs.search(example('searchDrugs').query),
      getDrug: this.drugs.describe(example('getDrug').params!.id),
      getKnowledgeBase: this.kb.describe(),
      checkInteractionsFhir: this.fhir.check(example('checkInteractionsFhir').body),
      describeKey: {
        id: '0b9c7c2e-5d1a-4f7e-9a43-2f6d8e1c4b7a',
        hint: `${this.config.VIGIL_KEY_PREFIX}_…c4b7`,
        scopes: ['cds:invoke', 'drugs:read', 'interactions:check', 'kb:read'],
        allowedIps: [],
        rateLimit: plan.rateLimit,
        expiresAt: null,
      },
    };
  }

  @Get('openapi.json')
  document() {
    return this.current().openapi;
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
  page() {
    return this.current().html;
  }
}
