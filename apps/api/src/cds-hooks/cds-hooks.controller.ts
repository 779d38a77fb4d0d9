import { Body, Controller, Get, Header, HttpCode, Param, Post, Req } from '@nestjs/common';
import { AcceptsCdsJwt, Public, RequireScopes, keyState } from '@vigil/auth';
import { type CdsDiscovery, type CdsHookResponse, Scopes } from '@vigil/contracts';
import { CdsFeedbackService } from './cds-feedback.service';
import { CdsHooksService } from './cds-hooks.service';

/** CDS Hooks 2.0: discovery (no key), the two screening services and their feedback endpoint. */
@Controller('cds-services')
export class CdsHooksController {
  constructor(
    private readonly cds: CdsHooksService,
    private readonly feedbackService: CdsFeedbackService,
  ) {}

  @Get()
  @Public()
  discovery(): CdsDiscovery {
    return this.cds.discovery();
  }

  @Post(':id')
  @HttpCode(200)
  @RequireScopes(Scopes.CdsInvoke)
  @AcceptsCdsJwt()
  @Header('cache-control', 'no-store')
  call(@Param('id') id: string, @Body() body: unknown): Promise<CdsHookResponse> {
    return this.cds.call(id, body);
  }

  @Post(':id/feedback')
  @HttpCode(200)
  @RequireScopes(Scopes.CdsInvoke)
  @AcceptsCdsJwt()
  feedback(@Param('id') id: string, @Body() body: unknown, @Req() req: unknown): Promise<{ stored: number }> {
    return this.feedbackService.store(this.cds.service(id).id, body, keyState(req).vigilKey!);
  }
}
