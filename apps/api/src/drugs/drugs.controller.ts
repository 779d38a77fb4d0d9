import { Controller, Get, Param, Query } from '@nestjs/common';
import { RequireScopes } from '@vigil/auth';
import { Scopes } from '@vigil/contracts';
import { ProblemException, validationDetail } from '@vigil/platform';
import { KnowledgeBaseService } from '../kb/knowledge-base.service';

/** Drug search (autocomplete over generics, synonyms and brands) and ingredient detail. */
@Controller('v1/drugs')
@RequireScopes(Scopes.DrugsRead)
export class DrugsController {
  constructor(private readonly kb: KnowledgeBaseService) {}

  @Get('search')
  search(@Query() query: Record<string, unknown>) {
    const errors = [];
    for (const k of Object.keys(query)) if (k !== 'q' && k !== 'limit') errors.push({ pointer: `/${k}`, code: 'unknown_field', message: `unknown query parameter "${k}"` });
    const q = typeof query.q === 'string' ? query.q.trim() : '';
    if (!q || q.length > 100) errors.push({ pointer: '/q', code: 'length', message: 'q must be 1 to 100 characters' });
    const limit = query.limit === undefined ? 10 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 50) errors.push({ pointer: '/limit', code: 'range', message: 'limit must be an integer from 1 to 50' });
    if (errors.length) throw new ProblemException('ValidationFailed', { detail: validationDetail(errors), errors });
    return { query: q, results: this.kb.current().search.search(q, { limit }) };
  }

  @Get(':id')
  get(@Param('id') id: string) {
    const description = this.kb.current().kb.describeIngredient(id);
    if (!description) throw new ProblemException('NotFound', { detail: `No ingredient "${id}" in the knowledge base; use /v1/drugs/search.` });
    const { ingredient, classes, products, ruleCount, directRuleCount, pathwayCount } = description;
    return {
      id: ingredient.id,
      name: ingredient.name,
      rxcui: ingredient.rxcui ?? null,
      atc: ingredient.atc ?? [],
      synonyms: ingredient.synonyms ?? [],
      salts: ingredient.salts ?? [],
      brands: ingredient.brands ?? [],
      classes,
      products,
      enzymeRoles: ingredient.roles ?? [],
      riskDomains: ingredient.risks ?? [],
      rules: { total: ruleCount, direct: directRuleCount, pathways: pathwayCount },
    };
  }
}
