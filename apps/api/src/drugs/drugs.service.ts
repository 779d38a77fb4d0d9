import { Injectable } from '@nestjs/common';
import { type DrugDetail, type DrugSearchResponse, DrugSearchQuerySchema } from '@vigil/contracts';
import { ProblemException, parseOrThrow } from '@vigil/platform';
import { KnowledgeBaseService } from '../kb/knowledge-base.service';

/** Drug search and ingredient detail over the serving release. */
@Injectable()
export class DrugsService {
  constructor(private readonly kb: KnowledgeBaseService) {}

  /** Validates the query (`q`, `limit`; anything else is an error) and searches. */
  search(query: unknown): DrugSearchResponse {
    const { q, limit } = parseOrThrow(DrugSearchQuerySchema, query);
    return { query: q, results: this.kb.current().search.search(q, { limit }) };
  }

  /** What the knowledge base knows about one ingredient; 404 `not_found` for an unknown id. */
  describe(id: string): DrugDetail {
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
