import { Controller, Get, Param, Query } from '@nestjs/common';
import { RequireScopes } from '@vigil/auth';
import { type DrugDetail, type DrugSearchResponse, Scopes } from '@vigil/contracts';
import { DrugsService } from './drugs.service';

/** Drug search (autocomplete over generics, synonyms and brands) and ingredient detail. */
@Controller('v1/drugs')
@RequireScopes(Scopes.DrugsRead)
export class DrugsController {
  constructor(private readonly drugs: DrugsService) {}

  @Get('search')
  search(@Query() query: unknown): DrugSearchResponse {
    return this.drugs.search(query);
  }

  @Get(':id')
  get(@Param('id') id: string): DrugDetail {
    return this.drugs.describe(id);
  }
}
