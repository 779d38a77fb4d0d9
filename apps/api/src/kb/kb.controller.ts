import { Controller, Get } from '@nestjs/common';
import { RequireScopes } from '@vigil/auth';
import { type KbDescription, Scopes } from '@vigil/contracts';
import { KnowledgeBaseService } from './knowledge-base.service';

/** `GET /v1/kb`: which knowledge base answers, its counts and the licences of its sources. */
@Controller('v1/kb')
@RequireScopes(Scopes.KbRead)
export class KbController {
  constructor(private readonly kb: KnowledgeBaseService) {}

  @Get()
  describe(): KbDescription {
    return this.kb.describe();
  }
}
