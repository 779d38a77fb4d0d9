import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { actorFrom } from '../common/actor-from-request';
import { Roles } from '../sessions/roles.decorator';
import type { SessionRequest } from '../sessions/session-request';
import { KbReleaseParamsSchema, type KbReleaseParams } from '@vigil/contracts';
import { ValidParams } from '@vigil/platform';
import { KbReleasesService } from './kb-releases.service';
import { KbStatusService } from './kb-status.service';

type Req = FastifyRequest & SessionRequest;

/**
 * `/api/admin/kb`: the active knowledge-base release (and the curated pack this build ships), every release, and
 * activation / rollback (audited). Internal admins only.
 */
@Roles('admin')
@Controller('api/admin/kb')
export class AdminKbController {
  constructor(
    private readonly kb: KbStatusService,
    private readonly releases: KbReleasesService,
  ) {}

  @Get()
  async status() {
    return { release: await this.releases.active(), curated: this.kb.status() };
  }

  @Get('releases')
  list() {
    return this.releases.list();
  }

  @Post('releases/:version/activate')
  @HttpCode(200)
  activate(@ValidParams(KbReleaseParamsSchema) params: KbReleaseParams, @Req() req: Req) {
    return this.releases.activate(params.version, actorFrom(req));
  }

  @Post('rollback')
  @HttpCode(200)
  rollback(@Req() req: Req) {
    return this.releases.rollback(actorFrom(req));
  }
}
