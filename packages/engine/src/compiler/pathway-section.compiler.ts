import type { KbPathway } from '../model/compiled-kb.model';
import { CURATED_SOURCE_ID, ENZYMES, MODULATOR_STRENGTHS, SEVERITIES, SUBSTRATE_STRENGTHS, type ModulatorStrength, type SubstrateStrength } from '../model/kb-vocabulary';
import { KEYS, RULE_ID_RE, where } from './compile.helpers';
import type { CheckOf } from './entry.check';
import { readCitations, readEvidence, readStrengths, readTexts } from './entry-fields.reader';
import type { LocatedEntry } from './yaml-source.reader';

/** `pathways.yaml`: generic templates, a perpetrator role and strength on an enzyme against substrates of given strengths. */
export class PathwaySectionCompiler {
  compile(entries: readonly LocatedEntry[], checkOf: CheckOf, ruleIds: Map<string, LocatedEntry>, sourceIds: ReadonlyMap<string, LocatedEntry>): KbPathway[] {
    const pathways: KbPathway[] = [];
    for (const e of entries) {
      const c = checkOf(e);
      if (!c) continue;
      c.allowKeys(KEYS.pathway);
      const id = c.id_('id', RULE_ID_RE);
      if (id && ruleIds.has(id)) c.error('id', `duplicate rule id (first at ${where(ruleIds.get(id)!)})`);
      if (id && !ruleIds.has(id)) ruleIds.set(id, e);
      const enzyme = c.oneOf('enzyme', ENZYMES, true);
      const perp = c.mapping('perpetrator', true);
      let perpetrator: KbPathway['perpetrator'] | undefined;
      if (perp) {
        for (const k of Object.keys(perp)) if (k !== 'role' && k !== 'strength') c.error(`perpetrator.${k}`, 'unknown field; allowed: role, strength');
        const role = c.oneOf('role', ['inhibitor', 'inducer'] as const, true, perp, 'perpetrator.role');
        const strength = readStrengths(c, perp, 'perpetrator.strength', MODULATOR_STRENGTHS) as ModulatorStrength[];
        if (role && strength.length > 0) perpetrator = { role, strength };
      }
      const vic = c.mapping('victim', true);
      let victim: KbPathway['victim'] | undefined;
      if (vic) {
        for (const k of Object.keys(vic)) if (k !== 'strength' && k !== 'role') c.error(`victim.${k}`, 'unknown field; allowed: strength');
        if (vic.role !== undefined && vic.role !== 'substrate') c.error('victim.role', 'the victim of a pathway rule is always a substrate');
        const strength = readStrengths(c, vic, 'victim.strength', SUBSTRATE_STRENGTHS) as SubstrateStrength[];
        if (strength.length > 0) victim = { strength };
      }
      const severity = c.oneOf('severity', SEVERITIES, true);
      const texts = readTexts(c);
      const evidence = readEvidence(c, true);
      const citations = readCitations(c, sourceIds);
      if (c.errors === 0 && id && enzyme && perpetrator && victim && severity) {
        pathways.push({ id, sourceId: CURATED_SOURCE_ID, enzyme, perpetrator, victim, severity, ...texts, evidence, citations });
      }
    }
    return pathways;
  }
}
