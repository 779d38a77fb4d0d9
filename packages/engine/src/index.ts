// @vigil/engine: knowledge-base model, drug resolver and layered interaction engine. Pure TypeScript.
// The YAML compiler (src/compiler) is a build-time tool and is deliberately not exported here.
export * from './model/kb-vocabulary';
export * from './model/compiled-kb.model';
export * from './model/drug-input.model';
export { KnowledgeBase, type KbCounts, type KnowledgeBaseOptions, type IngredientDescription, type PairRuleRef, type PathwayMatch } from './kb/knowledge-base';
export { CURATED_KB_PATH, assertCompiledKb, buildKnowledgeBase, composeRelease, loadCuratedKb, mergeCompiledKbs, readCompiledKb } from './kb/kb.loader';
export { NameIndex, type NameCandidate, type NameEntry, type NameKind, type NameTarget } from './resolver/name.index';
export { DrugResolver, type DrugResolverOptions } from './resolver/drug-resolver';
export { DrugSearchIndex, type DrugSearchHit, type DrugSearchOptions, type SearchMatch } from './search/drug-search.index';
export { CHECK_DISCLAIMER, InteractionEngine } from './engine/interaction.engine';
export { detectLocalRoute } from './text/local-route.detector';
export { DUPLICATE_INGREDIENT_RULE_ID } from './engine/duplicate-therapy.layer';
export { severityForCount } from './engine/additive-risk.layer';
export { compactKey, foldText, SALT_WORDS, isHydrateWord, withoutTrailingHydrates } from './text/name.normalizer';
export { usMarketPhrase } from './kb/us-market.phrase';
