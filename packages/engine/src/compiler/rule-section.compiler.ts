import type { KbRule, KbRuleSide } from '../model/compiled-kb.model';
import { CURATED_SOURCE_ID, ENZYMES, SEVERITIES, pathwayRiskTag } from '../model/kb-vocabulary';
import { KEYS, RULE_ID_RE, TAG_RE, dedupe, didYouMean, sideKey, where } from './compile.helpers';
import type { CheckOf, EntryCheck } from './entry.check';
import { readCitations, readEvidence, readNotAt, readTexts } from './entry-fields.reader';
import type { LocatedEntry } from './yaml-source.reader';

interface PendingRule {
  check: EntryCheck;
  rule: KbRule;
}

/**
 * `rules/*.yaml`: pair rules between two ingredients or classes, each with severity, risk tags, our texts, evidence
 * and citations. A rule naming a class that has errors is left out with an error of its own.
 */
export class RuleSectionCompiler {
  /** `ruleIds` is shared with pathways and label statements: ids are unique across the three. */
  compile(
    entries: readonly LocatedEntry[],
    checkOf: CheckOf,
    ctx: {
      ruleIds: Map<string, LocatedEntry>;
      ingredientIds: ReadonlySet<string>;
      classIds: ReadonlySet<string>;
      validClassIds: ReadonlySet<string>;
      sourceIds: ReadonlyMap<string, LocatedEntry>;
    },
  ): KbRule[] {
    const { ruleIds, ingredientIds, classIds, validClassIds, sourceIds } = ctx;
    const pending: PendingRule[] = [];
    const sidesSeen = new Map<string, string>();
    for (const e of entries) {
      const c = checkOf(e);
      if (!c) continue;
      c.allowKeys(KEYS.rule);
      const id = c.id_('id', RULE_ID_RE);
      if (id && ruleIds.has(id)) c.error('id', `duplicate rule id (first at ${where(ruleIds.get(id)!)})`);
      if (id && !ruleIds.has(id)) ruleIds.set(id, e);
      const a = this.side(c, 'a', ingredientIds, classIds);
      const b = this.side(c, 'b', ingredientIds, classIds);
      if (a && b && 'ingredient' in a && 'ingredient' in b && a.ingredient === b.ingredient) c.error('b', 'a rule cannot pair an ingredient with itself');
      if (a && b) {
        const key = [sideKey(a), sideKey(b)].sort().join(' × ');
        const other = sidesSeen.get(key);
        if (other && other !== id) c.warn(undefined, `another rule ("${other}") already covers ${key}`);
        else if (id) sidesSeen.set(key, id);
      }
      const severity = c.oneOf('severity', SEVERITIES, true);
      const risks = this.riskTags(c);
      const texts = readTexts(c);
      const evidence = readEvidence(c, true);
      const onc = c.obj.onc;
      if (onc !== undefined && (typeof onc !== 'number' || !Number.isInteger(onc) || onc < 1 || onc > 15)) {
        c.error('onc', `must be an ONC high-priority group number 1-15, got ${JSON.stringify(onc)}`);
      }
      const siblingNote = c.str('siblingNote', false);
      const notAt = readNotAt(c);
      const citations = readCitations(c, sourceIds);
      if (c.errors === 0 && id && a && b && severity) {
        const rule: KbRule = {
          id,
          sourceId: CURATED_SOURCE_ID,
          a,
          b,
          severity,
          risks,
          ...texts,
          evidence,
          ...(typeof onc === 'number' ? { onc } : {}),
          ...(siblingNote ? { siblingNote } : {}),
          ...(notAt ? { notAt } : {}),
          citations,
        };
        pending.push({ check: c, rule });
      }
    }
    const rules = pending.filter((p) => [p.rule.a, p.rule.b].every((s) => !('class' in s) || validClassIds.has(s.class))).map((p) => p.rule);
    for (const p of pending) {
      for (const [field, s] of [
        ['a', p.rule.a],
        ['b', p.rule.b],
      ] as const) {
        if ('class' in s && classIds.has(s.class) && !validClassIds.has(s.class)) {
          p.check.error(`${field}.class`, `class "${s.class}" has errors (see above); rule left out`);
        }
      }
    }
    return rules;
  }

  private side(c: EntryCheck, field: 'a' | 'b', ingredientIds: ReadonlySet<string>, classIds: ReadonlySet<string>): KbRuleSide | undefined {
    const m = c.mapping(field, true);
    if (!m) return undefined;
    const keys = Object.keys(m);
    if (keys.length !== 1 || (keys[0] !== 'ingredient' && keys[0] !== 'class')) {
      c.error(field, 'must be exactly one of { ingredient: <id> } or { class: <id> }');
      return undefined;
    }
    const kind = keys[0];
    const id = c.str(kind, true, m, `${field}.${kind}`);
    if (!id) return undefined;
    const known = kind === 'ingredient' ? ingredientIds : classIds;
    if (!known.has(id)) {
      const other = kind === 'ingredient' ? classIds : ingredientIds;
      const hint = other.has(id)
        ? ` ("${id}" is a${kind === 'ingredient' ? ' class' : 'n ingredient'}: use { ${kind === 'ingredient' ? 'class' : 'ingredient'}: ${id} })`
        : didYouMean(id, known);
      c.error(`${field}.${kind}`, `unknown ${kind} "${id}"${hint}`);
      return undefined;
    }
    return kind === 'ingredient' ? { ingredient: id } : { class: id };
  }

  private riskTags(c: EntryCheck): string[] {
    const tags = dedupe(c.strList('risks'));
    tags.forEach((t, i) => {
      if (!TAG_RE.test(t)) c.error(`risks[${i}]`, `"${t}" is not a kebab-case risk tag`);
      else if (t.startsWith('pk-') && !ENZYMES.some((e) => pathwayRiskTag(e) === t)) {
        c.warn(`risks[${i}]`, `"${t}" matches no pathway enzyme (${ENZYMES.map(pathwayRiskTag).join(', ')}): it will not suppress pathway findings`);
      }
    });
    if (tags.length === 0) c.warn('risks', 'no risk tags: this rule cannot suppress, or be suppressed by, other findings on the same pair');
    return tags;
  }
}
