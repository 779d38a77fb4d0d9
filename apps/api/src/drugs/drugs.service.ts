import { Injectable } from '@nestjs/common';
import { type DrugDetail, type DrugSearchResponse, DrugSearchQuerySchema } from '@vigil/contracts';
import type { IngredientDescription } from '@vigil/engine';
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

  /**
   * What the knowledge base knows about an ingredient or a combination product (every search hit's id);
   * case-insensitive; 404 `not_found` for an unknown id.
   */
  describe(id: string): DrugDetail {
    const { kb } = this.kb.current();
    const key = id.trim().toLowerCase();
    const ingredient = kb.describeIngredient(key);
    if (ingredient) return { ...ingredientDetail(ingredient), kind: 'ingredient', ...kb.depthOf([ingredient.ingredient.id]) };
    const product = kb.product(key);
    if (!product) throw new ProblemException('NotFound', { detail: `No ingredient or product "${id}" in the knowledge base; use /v1/drugs/search.` });
    const parts = product.ingredients.map((i) => kb.describeIngredient(i)).filter((d): d is IngredientDescription => d !== undefined);
    const details = parts.map(ingredientDetail);
    const unique = <T>(items: T[], key: (t: T) => string) => [...new Map(items.map((t) => [key(t), t])).values()];
    return {
      id: product.id,
      kind: 'product',
      name: product.name,
      ingredients: details.map((d) => ({ id: d.id, name: d.name })),
      rxcui: null,
      atc: [],
      synonyms: [],
      salts: [],
      brands: [],
      classes: unique(
        details.flatMap((d) => d.classes),
        (c) => c.id,
      ),
      products: unique(
        details.flatMap((d) => d.products).filter((p) => p.id !== product.id),
        (p) => p.id,
      ),
      enzymeRoles: unique(
        details.flatMap((d) => d.enzymeRoles),
        (r) => `${r.enzyme}|${r.role}|${r.strength}`,
      ),
      riskDomains: [...new Set(details.flatMap((d) => d.riskDomains))],
      rules: {
        total: Math.max(0, ...details.map((d) => d.rules.total)),
        direct: Math.max(0, ...details.map((d) => d.rules.direct)),
        pathways: Math.max(0, ...details.map((d) => d.rules.pathways)),
      },
      ...kb.depthOf(product.ingredients),
    };
  }
}

function ingredientDetail(description: IngredientDescription): Omit<DrugDetail, 'kind' | 'coverage' | 'usMarket'> {
  const { ingredient, classes, products, ruleCount, directRuleCount, pathwayCount } = description;
  return {
    id: ingredient.id,
    name: ingredient.name,
    ingredients: [{ id: ingredient.id, name: ingredient.name }],
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
