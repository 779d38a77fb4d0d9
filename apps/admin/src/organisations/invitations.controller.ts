import { Controller, HttpCode, Post } from '@nestjs/common';
import { Public } from '@vigil/auth';
import { TokenRequestSchema, type TokenRequest } from '@vigil/contracts';
import type { AccountEntity } from '@vigil/db';
import { ValidBody } from '@vigil/platform';
import type { Actor } from '../common/actor';
import { CurrentAccount, CurrentActor } from '../sessions/current-session.decorator';
import { OrganisationInvitationsService } from './organisation-invitations.service';

/** `/api/invitations`: the token of an invitation link travels in the body, never in a URL a log could keep. */
@Controller('api/invitations')
export class InvitationsController {
  constructor(private readonly invitations: OrganisationInvitationsService) {}

  /** What the link offers; public, so someone without an account yet sees whom to sign up as. */
  @Public()
  @Post('lookup')
  @HttpCode(200)
  lookup(@ValidBody(TokenRequestSchema) body: TokenRequest) {
    return this.invitations.preview(body.token);
  }

  @Post('accept')
  @HttpCode(200)
  accept(@ValidBody(TokenRequestSchema) body: TokenRequest, @CurrentAccount() account: AccountEntity, @CurrentActor() actor: Actor) {
    return this.invitations.accept(body.token, account.id, actor);
  }
}
