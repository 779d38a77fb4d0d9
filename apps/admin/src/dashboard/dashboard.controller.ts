import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { Public } from '@vigil/auth';
import { ProblemException } from '@vigil/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type DashboardAsset, DashboardAssetsService } from './dashboard-assets.service';

/** Serves the single-page dashboard: `/` is the shell, `/assets/…` its modules and styles. No session needed. */
@Public()
@Controller()
export class DashboardController {
  constructor(private readonly assets: DashboardAssetsService) {}

  @Get()
  index(@Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    this.send(this.assets.get('index.html'), req, reply);
  }

  @Get('favicon.ico')
  favicon(@Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    this.send(this.assets.get('favicon.svg'), req, reply);
  }

  @Get('assets/*')
  asset(@Param('*') path: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    if (path === 'index.html') throw new ProblemException('NotFound', { detail: `No route for GET ${req.url}` });
    this.send(this.assets.get(path), req, reply);
  }

  private send(asset: DashboardAsset | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (!asset) throw new ProblemException('NotFound', { detail: `No route for GET ${req.url.split('?')[0]}` });
    reply.header('content-type', asset.contentType).header('etag', asset.etag).header('cache-control', 'no-cache');
    if (req.headers['if-none-match'] === asset.etag) {
      reply.status(304).send();
      return;
    }
    reply.send(asset.body);
  }
}
