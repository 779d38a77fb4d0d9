import { Controller, Get, Header, Inject, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Public } from '@vigil/auth';
import { API_CONFIG } from '../config/api-config.token';
import type { ApiConfig } from '../config/api-env.schema';
import { routeManifest } from '../manifest/route-manifest';
import { renderDocsPage } from './docs-page.renderer';
import { buildOpenApi } from './openapi.builder';

/** `GET /openapi.json` and the rendered reference at `GET /docs`, built once at start from the live routes. */
@Public()
@Controller()
export class DocsController implements OnApplicationBootstrap {
  private openapi: Record<string, unknown> = {};
  private html = '';

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    const routes = routeManifest(this.moduleRef);
    const server = process.env.PUBLIC_API_URL ?? `http://localhost:${this.config.PORT}`;
    this.openapi = buildOpenApi(routes, server, this.config.VIGIL_KEY_PREFIX);
    this.html = renderDocsPage(this.openapi);
  }

  @Get('openapi.json')
  document() {
    return this.openapi;
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
  page() {
    return this.html;
  }
}
