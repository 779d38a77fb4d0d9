import type { KbClass, KbEnzymeRole, KbLabelStatement, KbModulatorCondition, KbPathway } from '../model/compiled-kb.model';
import { CURATED_SOURCE_ID, ENZYMES, MODULATOR_STRENGTHS, SEVERITIES, type Enzyme, type ModulatorStrength, severityRank } from '../model/kb-vocabulary';
import { KEYS, RULE_ID_RE, dedupe, didYouMean, where } from './compile.helpers';
import type { EntryCheck } from './entry.check';
import { readCitations, readEvidence, readStrengths, readTexts } from './entry-fields.reader';
import type { LocatedEntry } from './yaml-source.reader';

/** `labels.yaml`: substrate label statements, which replace the generic pathway templates for their substrates. */
export class LabelSectionCompiler {
  /**
   * Label statements: every substrate and excepted perpetrator must exist, strengths must be known, every citation
   * must name the label section, and no substrate may get two statements for the same enzyme, role and strength
   * (the engine would not know which one the label means).
   */
  compile(
    list: readonly LocatedEntry[],
    checkOf: (e: LocatedEntry) => EntryCheck | undefined,
    ctx: {
      ruleIds: Map<string, LocatedEntry>;
      ingredientIds: ReadonlySet<string>;
      classes: ReadonlyMap<string, KbClass>;
      sourceIds: ReadonlyMap<string, LocatedEntry>;
      roles: ReadonlyMap<string, readonly KbEnzymeRole[]>;
      pathways: readonly KbPathway[];
    },
  ): KbLabelStatement[] {
    const out: KbLabelStatement[] = [];
    /** `substrate|enzyme|role|strength` → statement id. */
    const claimed = new Map<string, string>();
    for (const e of list) {
      const c = checkOf(e);
      if (!c) continue;
      c.allowKeys(KEYS.label);
      const id = c.id_('id', RULE_ID_RE);
      if (id && ctx.ruleIds.has(id)) c.error('id', `duplicate rule id (first at ${where(ctx.ruleIds.get(id)!)})`);
      if (id && !ctx.ruleIds.has(id)) ctx.ruleIds.set(id, e);
      const enzyme = c.oneOf('enzyme', ENZYMES, true);
      const direct = dedupe(c.strList('substrates'));
      direct.forEach((s, i) => {
        if (!ctx.ingredientIds.has(s)) c.error(`substrates[${i}]`, `unknown ingredient "${s}"${didYouMean(s, ctx.ingredientIds)}`);
      });
      const substrateClasses = dedupe(c.strList('substrateClasses'));
      const members = new Set(direct.filter((s) => ctx.ingredientIds.has(s)));
      substrateClasses.forEach((k, i) => {
        const cls = ctx.classes.get(k);
        if (!cls) c.error(`substrateClasses[${i}]`, `unknown class "${k}"${didYouMean(k, new Set(ctx.classes.keys()))}`);
        else for (const m of cls.members) members.add(m);
      });
      if (direct.length === 0 && substrateClasses.length === 0) c.error('substrates', 'a label statement needs substrates or substrateClasses');
      const perpetrator = this.perpetrator(c, enzyme, ctx.ingredientIds);
      const severity = c.oneOf('severity', SEVERITIES, true);
      const texts = readTexts(c);
      const evidence = readEvidence(c, true);
      const citations = readCitations(c, ctx.sourceIds);
      citations.forEach((k, i) => {
        if (!k.section) c.error(`citations[${i}].section`, 'a label statement cites the label section that says it (e.g. "7.1 CYP3A4 inhibitors")');
      });
      const substrates = [...members].sort();
      if (enzyme && perpetrator && id) {
        for (const s of substrates) {
          for (const st of perpetrator.strength) {
            const key = `${s}|${enzyme}|${perpetrator.role}|${st}`;
            const other = claimed.get(key);
            if (other && other !== id) c.error('substrates', `"${s}" already has a label statement for ${st} ${enzyme} ${perpetrator.role}s ("${other}")`);
            else claimed.set(key, id);
          }
          if (!(ctx.roles.get(s) ?? []).some((r) => r.enzyme === enzyme && r.role === 'substrate')) {
            c.warn('substrates', `"${s}" has no ${enzyme} substrate role in its ingredient entry (the statement still applies)`);
          }
        }
      }
      if (enzyme && perpetrator && severity) {
        // A label statement replaces the generic template: say so when that makes the answer less severe.
        for (const s of substrates) {
          for (const r of ctx.roles.get(s) ?? []) {
            if (r.enzyme !== enzyme || r.role !== 'substrate') continue;
            for (const p of ctx.pathways) {
              if (p.enzyme !== enzyme || p.perpetrator.role !== perpetrator.role || !(p.victim.strength as string[]).includes(r.strength)) continue;
              if (!p.perpetrator.strength.some((x) => perpetrator.strength.includes(x))) continue;
              if (severityRank(p.severity) < severityRank(severity)) {
                c.warn('severity', `for "${s}" it replaces the more severe generic template "${p.id}" (${p.severity}); check the label really says less`);
              }
            }
          }
        }
      }
      if (c.errors === 0 && id && enzyme && perpetrator && severity && substrates.length > 0) {
        out.push({ id, sourceId: CURATED_SOURCE_ID, enzyme, substrates, substrateClasses, perpetrator, severity, ...texts, evidence, citations });
      }
    }
    return out;
  }

  private perpetrator(c: EntryCheck, enzyme: Enzyme | undefined, ingredientIds: ReadonlySet<string>): KbLabelStatement['perpetrator'] | undefined {
    const perp = c.mapping('perpetrator', true);
    if (!perp) return undefined;
    for (const k of Object.keys(perp)) {
      if (!(KEYS.labelPerpetrator as readonly string[]).includes(k)) c.error(`perpetrator.${k}`, `unknown field; allowed: ${KEYS.labelPerpetrator.join(', ')}`);
    }
    const role = c.oneOf('role', ['inhibitor', 'inducer'] as const, true, perp, 'perpetrator.role');
    const strength = readStrengths(c, perp, 'perpetrator.strength', MODULATOR_STRENGTHS) as ModulatorStrength[];
    const also: KbModulatorCondition[] = [];
    const rawAlso = perp.also;
    if (rawAlso !== undefined && !Array.isArray(rawAlso)) c.error('perpetrator.also', 'must be a list of { enzyme, role, strength }');
    if (Array.isArray(rawAlso)) {
      rawAlso.forEach((item, i) => {
        const path = `perpetrator.also[${i}]`;
        if (!item || typeof item !== 'object' || Array.isArray(item)) {
          c.error(path, 'must be a mapping { enzyme, role, strength }');
          return;
        }
        const obj = item as Record<string, unknown>;
        for (const k of Object.keys(obj)) if (!['enzyme', 'role', 'strength'].includes(k)) c.error(`${path}.${k}`, 'unknown field; allowed: enzyme, role, strength');
        const en = c.oneOf('enzyme', ENZYMES, true, obj, `${path}.enzyme`);
        if (en && en === enzyme) c.error(`${path}.enzyme`, `is the statement's own enzyme; put its strengths in perpetrator.strength`);
        const ro = c.oneOf('role', ['inhibitor', 'inducer'] as const, true, obj, `${path}.role`);
        const st = readStrengths(c, obj, `${path}.strength`, MODULATOR_STRENGTHS) as ModulatorStrength[];
        if (en && ro && st.length > 0) also.push({ enzyme: en, role: ro, strength: st });
      });
    }
    const except = dedupe(c.strList('except', perp, 'perpetrator.except'));
    except.forEach((x, i) => {
      if (!ingredientIds.has(x)) c.error(`perpetrator.except[${i}]`, `unknown ingredient "${x}"${didYouMean(x, ingredientIds)}`);
    });
    return role && strength.length > 0 ? { role, strength, also, except } : undefined;
  }
}
