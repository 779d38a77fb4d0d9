import { CDS_OVERRIDE_REASONS, type CdsCard, type InteractionFinding, type Severity, type UsMarketStatusInfo } from '@vigil/contracts';
import { usMarketPhrase } from '@vigil/engine';
import { nameBasedUuid } from '../fhir/name-based-uuid';
import type { ScreenedMedication, UncheckedMedication } from '../fhir/medication-screening.service';

/** Card indicator per finding severity; findings below `moderate` get no card (documented in the README). */
export const CDS_INDICATOR_BY_SEVERITY: Readonly<Partial<Record<Severity, CdsCard['indicator']>>> = Object.freeze({
  contraindicated: 'critical',
  major: 'warning',
  moderate: 'info',
});

export const CDS_RULE_SYSTEM = 'https://vigil.dev/cds-hooks/rule';
const SOURCE_LABEL = 'Vigil drug interaction check';
const SUMMARY_MAX = 139;

const SEVERITY_WORD: Record<Severity, string> = { contraindicated: 'Contraindicated', major: 'Major', moderate: 'Moderate', minor: 'Minor', unknown: 'Unrated' };

/**
 * Turns interaction findings into CDS Hooks 2.0 cards: one card per finding that involves a screened order, a stable
 * `uuid` per rule and drugs, Markdown detail with the evidence, and a suggestion to remove the new order when the
 * finding is major or worse. Pure: no Nest, no I/O.
 */
export class CdsCardBuilder {
  constructor(
    private readonly kbVersion: string,
    private readonly disclaimer: string,
  ) {}

  /** Stable across calls and releases: the same rule between the same ingredients is the same card. */
  static cardUuid(ruleId: string, ingredientIds: readonly string[]): string {
    return uuidFrom(`finding\u0000${ruleId}\u0000${[...new Set(ingredientIds)].sort().join('\u0000')}`);
  }

  finding(f: InteractionFinding, medications: ReadonlyMap<number, ScreenedMedication>): CdsCard | undefined {
    const indicator = CDS_INDICATOR_BY_SEVERITY[f.severity];
    if (!indicator) return undefined;
    const parts = f.participants.map((p) => ({ p, m: medications.get(p.index) }));
    const names = [...new Set(parts.map(({ p }) => p.ingredient))];
    const summary = clip(`${SEVERITY_WORD[f.severity]}: ${names.join(' + ')}: ${stripPeriod(f.summary)}`);
    const lines: string[] = [];
    lines.push(
      `**${SEVERITY_WORD[f.severity]} interaction** between ${parts
        .map(({ p, m }) => `${md(m?.label ?? p.ingredient)} (${m?.proposed ? 'new order' : m?.origin === 'draft' ? 'other draft order' : 'current medication'})`)
        .join(' and ')}.`,
      '',
      md(f.consequence),
    );
    if (f.mechanism) lines.push('', `**Mechanism:** ${md(f.mechanism)}`);
    if (f.management) lines.push('', `**Management:** ${md(f.management)}`);
    if (f.evidence) {
      lines.push('', `**Evidence:** ${f.evidence.level}`);
      if (f.evidence.citations.length > 0) {
        lines.push('', '**Sources:**');
        for (const c of f.evidence.citations.slice(0, 5)) {
          const text = md(`${c.title}${c.section ? `, ${c.section}` : ''}`);
          lines.push(`- ${c.url ? `[${text}](${c.url})` : text}`);
        }
      }
    }
    lines.push('', `_Vigil rule \`${f.ruleId}\`, knowledge base ${this.kbVersion}. ${md(this.disclaimer)}_`);
    const removable = parts.filter(({ m }) => m?.proposed && !m.ref.startsWith('#'));
    const severe = f.severity === 'contraindicated' || f.severity === 'major';
    const suggestions =
      severe && removable.length > 0
        ? removable.map(({ m }) => ({
            label: clip(`Remove the new order for ${m!.label}`),
            uuid: uuidFrom(`suggestion\u0000${f.ruleId}\u0000${m!.ref}`),
            isRecommended: f.severity === 'contraindicated',
            actions: [{ type: 'delete' as const, description: `Remove the draft order ${m!.ref}`, resourceId: [m!.ref] }],
          }))
        : undefined;
    const url = f.evidence?.citations.find((c) => c.url)?.url;
    return {
      uuid: CdsCardBuilder.cardUuid(
        f.ruleId,
        f.participants.map((p) => p.ingredientId),
      ),
      summary,
      detail: lines.join('\n'),
      indicator,
      source: { label: SOURCE_LABEL, ...(url ? { url } : {}), topic: { system: CDS_RULE_SYSTEM, code: f.ruleId, display: clip(f.title) } },
      ...(suggestions ? { suggestions, selectionBehavior: 'at-most-one' as const } : {}),
      overrideReasons: [...CDS_OVERRIDE_REASONS],
    };
  }

  /** An `info` card for a medication that was not checked: a missing card must never read as "no interaction". */
  unchecked({ medication, reason }: UncheckedMedication): CdsCard {
    const what = medication.origin === 'draft' ? 'order' : 'current medication';
    return {
      uuid: uuidFrom(`unchecked\u0000${medication.ref}\u0000${medication.label}`),
      summary: clip(`Not checked for interactions: ${medication.label}`),
      detail: [
        `Vigil could not check the ${what} **${md(medication.label)}** (\`${md(medication.ref)}\`): ${md(reason)}.`,
        '',
        'Its interactions with the other medications were **not** screened. Check them another way, or send an RxNorm ingredient code or a generic name.',
        '',
        `_${md(this.disclaimer)}_`,
      ].join('\n'),
      indicator: 'info',
      source: { label: SOURCE_LABEL },
    };
  }

  /**
   * A new order for a drug no longer marketed in the US: the order may name the wrong drug (an old list, a look-alike
   * name) or an imported or compounded one. Withdrawn for safety: a warning; discontinued: info. It was screened as usual.
   */
  noLongerMarketed(medication: ScreenedMedication, statuses: readonly UsMarketStatusInfo[]): CdsCard {
    const withdrawn = statuses.some((s) => s.status === 'withdrawn');
    const each = statuses.map(usMarketPhrase);
    return {
      uuid: uuidFrom(`market\u0000${medication.ref}\u0000${statuses.map((s) => s.ingredientId).join('\u0000')}`),
      summary: clip(`No longer marketed in the US: ${medication.label}`),
      detail: [
        `The new order **${md(medication.label)}** (\`${md(medication.ref)}\`) names a drug no longer marketed in the United States: ${md(each.join('; '))}.`,
        '',
        'Confirm the order: it may come from an old medication list or a look-alike name, or be an imported or compounded product. Its interactions were screened as usual.',
        '',
        `_${md(this.disclaimer)}_`,
      ].join('\n'),
      indicator: withdrawn ? 'warning' : 'info',
      source: { label: SOURCE_LABEL },
    };
  }
}

function uuidFrom(text: string): string {
  return nameBasedUuid('vigil-cds', text);
}

function clip(text: string): string {
  return text.length <= SUMMARY_MAX ? text : `${text.slice(0, SUMMARY_MAX - 1).trimEnd()}…`;
}

function stripPeriod(text: string): string {
  return text.replace(/\.\s*$/, '');
}

/** Escapes the Markdown characters that could turn knowledge-base or EHR text into markup or links. */
function md(text: string): string {
  return text.replace(/([\\`*_[\]<>#|])/g, '\\$1');
}
