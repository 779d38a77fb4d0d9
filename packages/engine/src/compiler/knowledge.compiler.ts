import { createHash } from 'node:crypto';
import { COMPILED_KB_FORMAT, type CompiledKnowledgeBase, type KbClass, type KbIngredient, type KbRule, type KbRuleSide } from '../model/compiled-kb.model';
import { ClassSectionCompiler } from './class-section.compiler';
import { type FileKind, classify } from './compile.helpers';
import { DomainSectionCompiler } from './domain-section.compiler';
import { EntryCheck } from './entry.check';
import { IngredientSectionCompiler } from './ingredient-section.compiler';
import type { KbCompileIssue } from './kb-compile-issue';
import { LabelSectionCompiler } from './label-section.compiler';
import { NameRegistry } from './name.registry';
import { PathwaySectionCompiler } from './pathway-section.compiler';
import { ProductSectionCompiler } from './product-section.compiler';
import { ReleaseSectionCompiler } from './release-section.compiler';
import { RuleSectionCompiler } from './rule-section.compiler';
import { SourceSectionCompiler } from './source-section.compiler';
import { LocalUseSectionCompiler } from './local-use-section.compiler';
import { MarketStatusSectionCompiler } from './market-status-section.compiler';
import { WashoutSectionCompiler } from './washout-section.compiler';
import { YamlSourceReader, type KnowledgeFileText, type LocatedEntry, type ParsedKnowledgeFile } from './yaml-source.reader';

export { didYouMean } from './compile.helpers';

export interface CompileOptions {
  /** Names of real drugs outside the knowledge base (fuzzy-match guard), one per entry. */
  otherNames?: readonly string[];
  /** Fallback release timestamp (ISO) when there is no release.yaml; default SOURCE_DATE_EPOCH, else 1970-01-01. */
  releasedAt?: string;
}

export interface CompileResult {
  /** Always produced; entries with errors are left out, so it is only trustworthy when `ok`. */
  kb: CompiledKnowledgeBase;
  issues: KbCompileIssue[];
  errorCount: number;
  warningCount: number;
  ok: boolean;
  /** Files read, by kind. */
  files: { path: string; kind: FileKind }[];
}

/**
 * Compiles the curated YAML knowledge base (knowledge/SCHEMA.md) into one JSON document. Validation is strict and
 * exhaustive: every problem is reported with its file, line and entry id, and the build fails on any error.
 * Each section compiles in its own class, in dependency order (sources, domains, ingredients, products, classes,
 * rules, pathways, label statements, washouts, local use, US market status, release); this class reads the files, runs them and assembles the document.
 */
export class KnowledgeCompiler {
  private readonly reader = new YamlSourceReader();

  compileDirectory(dir: string, options: CompileOptions = {}): CompileResult {
    return this.compileFiles(this.reader.readDirectory(dir), options);
  }

  compileFiles(files: readonly KnowledgeFileText[], options: CompileOptions = {}): CompileResult {
    const issues: KbCompileIssue[] = [];
    const byKind = new Map<FileKind, ParsedKnowledgeFile[]>();
    const fileList: { path: string; kind: FileKind }[] = [];
    for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
      const kind = classify(f.path);
      if (!kind) {
        issues.push({
          level: 'error',
          file: f.path,
          message:
            'unrecognised knowledge file: expected sources.yaml, release.yaml, products.yaml, products/*.yaml, classes.yaml, pathways.yaml, labels.yaml, domains.yaml, washouts.yaml, local-use.yaml, market-status.yaml, ingredients/*.yaml or rules/*.yaml',
        });
        continue;
      }
      fileList.push({ path: f.path, kind });
      const parsed = this.reader.parse(f, issues);
      if (kind === 'release' ? parsed.kind === 'list' : parsed.kind === 'mapping') {
        issues.push({ level: 'error', file: f.path, line: 1, message: kind === 'release' ? 'must be a mapping' : 'must be a list of entries' });
        continue;
      }
      byKind.set(kind, [...(byKind.get(kind) ?? []), parsed]);
    }
    const entries = (kind: FileKind): LocatedEntry[] => (byKind.get(kind) ?? []).flatMap((f) => f.entries);
    for (const required of ['sources', 'ingredients'] as const) {
      if (!byKind.has(required)) {
        issues.push({ level: 'error', file: required === 'sources' ? 'sources.yaml' : 'ingredients/', message: 'missing: the knowledge base needs it' });
      }
    }
    for (const optional of ['classes', 'rules', 'pathways', 'domains', 'products'] as const) {
      if (!byKind.has(optional)) {
        const file = optional === 'rules' ? 'rules/' : `${optional}.yaml`;
        issues.push({ level: 'warning', file, message: 'missing: compiled without it' });
      }
    }

    const checkOf = (e: LocatedEntry): EntryCheck | undefined => {
      if (!e.value || typeof e.value !== 'object' || Array.isArray(e.value)) {
        issues.push({ level: 'error', file: e.file, line: e.line, entry: `#${e.index + 1}`, message: 'each entry must be a mapping' });
        return undefined;
      }
      return new EntryCheck(issues, e, e.value as Record<string, unknown>);
    };

    const { sources, sourceIds } = new SourceSectionCompiler().compile(entries('sources'), checkOf, issues, byKind.has('sources'));
    const { domains, knownDomains, conditionalDomains } = new DomainSectionCompiler().compile(entries('domains'), checkOf, sourceIds, byKind.has('domains'));
    const names = new NameRegistry();
    const { ingredients, explicitReview, ingredientIds } = new IngredientSectionCompiler().compile(entries('ingredients'), checkOf, { knownDomains, conditionalDomains }, names);
    const products = new ProductSectionCompiler().compile(entries('products'), checkOf, ingredientIds, names);
    const { classes, classIds, validClassIds } = new ClassSectionCompiler().compile(entries('classes'), checkOf, ingredientIds);
    const ruleIds = new Map<string, LocatedEntry>();
    const rules = new RuleSectionCompiler().compile(entries('rules'), checkOf, { ruleIds, ingredientIds, classIds, validClassIds, sourceIds });
    const pathways = new PathwaySectionCompiler().compile(entries('pathways'), checkOf, ruleIds, sourceIds);
    const labels = new LabelSectionCompiler().compile(entries('labels'), checkOf, {
      ruleIds,
      ingredientIds,
      classes: new Map(classes.map((k) => [k.id, k])),
      sourceIds,
      roles: new Map(ingredients.map((i) => [i.id, i.roles])),
      pathways,
    });
    const washouts = new WashoutSectionCompiler().compile(entries('washouts'), checkOf, { ingredientIds, classes: new Map(classes.map((k) => [k.id, k])), sourceIds });
    const localUse = new LocalUseSectionCompiler().compile(entries('localUse'), checkOf, { ingredientIds, classes: new Map(classes.map((k) => [k.id, k])), sourceIds });
    const usMarket = new MarketStatusSectionCompiler().compile(entries('marketStatus'), checkOf, { ingredients, sourceIds });
    for (const i of ingredients) {
      const m = usMarket.get(i.id);
      if (m) i.usMarket = m;
    }
    const release = new ReleaseSectionCompiler().compile(entries('release'), issues, options);

    // Entries left out for errors must not leave dangling references behind (lenient output).
    const valid = new Set(ingredients.map((i) => i.id));
    const okSide = (s: KbRuleSide) => ('ingredient' in s ? valid.has(s.ingredient) : true);
    const keptProducts = products.filter((p) => p.ingredients.every((i) => valid.has(i)));
    const keptClasses = classes
      .map((c) => ({ ...c, members: c.members.filter((m) => valid.has(m)), directMembers: c.directMembers.filter((m) => valid.has(m)) }))
      .filter((c) => c.members.length > 0);
    const keptClassIds = new Set(keptClasses.map((c) => c.id));
    const keptRules = rules.filter((r) => okSide(r.a) && okSide(r.b) && [r.a, r.b].every((s) => !('class' in s) || keptClassIds.has(s.class)));
    const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const keptLabels = labels.filter((l) => l.substrates.every((i) => valid.has(i)));
    markReviewed(ingredients, explicitReview, keptRules, keptClasses, keptLabels);
    const content = {
      sources,
      ingredients: ingredients.sort(byId),
      classes: keptClasses.sort(byId),
      products: keptProducts.sort(byId),
      rules: keptRules.sort(byId),
      pathways: pathways.sort(byId),
      labels: keptLabels.sort(byId),
      domains: domains.sort(byId),
      ...(washouts.length > 0 ? { washouts: washouts.map((w) => ({ ...w, ingredients: w.ingredients.filter((i) => valid.has(i)) })).sort(byId) } : {}),
      ...(localUse.length > 0 ? { localUse: localUse.map((w) => ({ ...w, ingredients: w.ingredients.filter((i) => valid.has(i)) })).sort(byId) } : {}),
      ...(options.otherNames && options.otherNames.length > 0 ? { otherNames: [...new Set(options.otherNames.map((n) => n.trim()).filter(Boolean))].sort() } : {}),
    };
    const hash = createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 8);
    const kb: CompiledKnowledgeBase = {
      format: COMPILED_KB_FORMAT,
      version: `curated-${release.versionDate}-${hash}`,
      releasedAt: release.releasedAt,
      ...content,
    };
    const errorCount = issues.filter((i) => i.level === 'error').length;
    return { kb, issues, errorCount, warningCount: issues.length - errorCount, ok: errorCount === 0, files: fileList };
  }
}

/**
 * An ingredient is reviewed when the pack says something about its interactions: a rule names it, it belongs to a
 * class, a label statement covers it, or it has enzyme roles or risk domains; or its YAML says `reviewed: true`
 * (looked at, nothing to say). Otherwise it is known by name only (`reviewed: false`, the only value written).
 */
function markReviewed(
  ingredients: KbIngredient[],
  explicit: ReadonlyMap<string, boolean>,
  rules: readonly KbRule[],
  classes: readonly KbClass[],
  labels: readonly { substrates: readonly string[] }[],
): void {
  const mentioned = new Set<string>();
  for (const r of rules) for (const side of [r.a, r.b]) if ('ingredient' in side) mentioned.add(side.ingredient);
  for (const c of classes) for (const m of c.members) mentioned.add(m);
  for (const l of labels) for (const s of l.substrates) mentioned.add(s);
  for (const i of ingredients) {
    const reviewed = explicit.get(i.id) ?? (i.roles.length > 0 || i.risks.length > 0 || (i.conditionalRisks?.length ?? 0) > 0 || mentioned.has(i.id));
    if (!reviewed) i.reviewed = false;
  }
}
