import { Controller, Get, Header, Inject } from '@nestjs/common';
import { Public } from '@vigil/auth';
import { buildAdminOpenApiDocument } from '@vigil/contracts';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';

/**
 * `GET /openapi.json`: the admin API's OpenAPI 3.1 document (dashboard, organisation, webhook, leak-report and
 * internal-admin routes), built once from the contracts. Public on purpose, like the API app's: it describes routes,
 * never data.
 */
@Public()
@Controller()
export class AdminOpenApiController {
  private readonly document: Record<string, unknown>;

  constructor(@Inject(ADMIN_CONFIG) config: AdminConfig) {
    this.document = buildAdminOpenApiDocument(config.ADMIN_PUBLIC_URL ? { serverUrl: config.ADMIN_PUBLIC_URL } : {});
  }

  @Get('openapi.json')
  @Header('cache-control', 'no-cache')
  get(): Record<string, unknown> {
    return this.document;
  }
}
