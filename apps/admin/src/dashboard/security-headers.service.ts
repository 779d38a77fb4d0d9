import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';
import { ClientConfigService } from './client-config.service';

/**
 * Registers `@fastify/helmet` on the admin app's Fastify instance: a CSP without inline scripts or styles
 * (the playground may `connect-src` to the API origin only), frame-ancestors none + X-Frame-Options DENY, nosniff,
 * no referrer, HSTS in production.
 * Applies to every admin route, the JSON API included. A no-op without an HTTP adapter (CLI context).
 */
@Injectable()
export class SecurityHeadersService implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly clientConfig: ClientConfigService,
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance?.<FastifyInstance>();
    if (!fastify?.register) return;
    const apiOrigin = (req: IncomingMessage) => this.clientConfig.apiOrigin(req.headers.host);
    // Not awaited: awaiting would load the plugin queue now, building the routes' contexts before Nest installs its
    // error handler (then body-parse errors escape the problem+json filter). Fastify loads it at ready().
    void fastify.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", apiOrigin as never],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      frameguard: { action: 'deny' },
      // HSTS is added below, on responses to requests that really came over HTTPS (it means nothing on plain HTTP).
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
    // HSTS in production and on any request that really came over HTTPS (directly, or per X-Forwarded-Proto from a
    // trusted proxy); never for a self-hoster's subdomains. Browsers ignore it on plain HTTP.
    const production = this.config.NODE_ENV === 'production';
    fastify.addHook('onRequest', (request, reply, done) => {
      if (production || request.protocol === 'https') void reply.header('strict-transport-security', 'max-age=15552000');
      done();
    });
  }
}
