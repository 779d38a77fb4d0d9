import type { InteractionFinding, Severity } from '@vigil/contracts';
import { CdsCardBuilder } from './cds-card.builder';
import type { ScreenedMedication } from '../fhir/medication-screening.service';

const finding = (severity: Severity, summary = 'Ketorolac with warfarin raises the risk of serious bleeding.'): InteractionFinding => ({
  id: 'f1',
  ruleId: 'warfarin--ketorolac',
  kind: 'drug-drug',
  severity,
  severityBySource: { 'vigil-curated': severity },
  sources: ['vigil-curated'],
  participants: [
    { index: 0, ingredient: 'ketorolac', ingredientId: 'ketorolac' },
    { index: 1, ingredient: 'warfarin', ingredientId: 'warfarin' },
  ],
  title: 'ketorolac + warfarin',
  summary,
  consequence: 'Serious *bleeding* [see label](javascript:x).',
  mechanism: 'Antiplatelet effect plus anticoagulation.',
  management: 'Avoid.',
  evidence: { level: 'established', citations: [{ source: 'fda-label', title: 'Ketorolac label', section: '5.3', url: 'https://example.org/k', sources: ['vigil-curated'] }] },
  risks: ['bleeding'],
});

const meds = new Map<number, ScreenedMedication>([
  [0, { ref: 'MedicationRequest/new', label: 'Ketorolac 10 MG', origin: 'draft', candidates: [], proposed: true }],
  [1, { ref: 'MedicationRequest/cur', label: 'warfarin 5 mg', origin: 'current', candidates: [], proposed: false }],
]);

describe('CdsCardBuilder', () => {
  const builder = new CdsCardBuilder('2026.11.25', 'Decision support only.');

  it.each([
    ['contraindicated', 'critical', true, true],
    ['major', 'warning', true, false],
    ['moderate', 'info', false, false],
    ['minor', undefined, false, false],
    ['unknown', undefined, false, false],
  ] as const)('%s → %s (suggestion: %s, recommended: %s)', (severity, indicator, suggests, recommended) => {
    const card = builder.finding(finding(severity), meds);
    expect(card?.indicator).toBe(indicator);
    if (!card) return;
    expect(Boolean(card.suggestions)).toBe(suggests);
    if (card.suggestions) {
      expect(card.suggestions).toHaveLength(1);
      expect(card.suggestions[0].isRecommended).toBe(recommended);
      expect(card.suggestions[0].actions).toEqual([{ type: 'delete', description: 'Remove the draft order MedicationRequest/new', resourceId: ['MedicationRequest/new'] }]);
      expect(card.selectionBehavior).toBe('at-most-one');
    }
  });

  it('keeps the summary under 140 characters, escapes Markdown from the knowledge base, names the rule and the disclaimer', () => {
    const card = builder.finding(finding('major', 'x'.repeat(300)), meds)!;
    expect(card.summary.length).toBeLessThan(140);
    expect(card.summary.endsWith('…')).toBe(true);
    expect(card.detail).toContain('Serious \\*bleeding\\* \\[see label\\](javascript:x)');
    expect(card.detail).toContain('Ketorolac 10 MG (new order) and warfarin 5 mg (current medication)');
    expect(card.detail).toContain('[Ketorolac label, 5.3](https://example.org/k)');
    expect(card.detail).toContain('Decision support only.');
    expect(card.source).toEqual({
      label: 'Vigil drug interaction check',
      url: 'https://example.org/k',
      topic: { system: 'https://vigil.dev/cds-hooks/rule', code: 'warfarin--ketorolac', display: 'ketorolac + warfarin' },
    });
  });

  it('gives the same finding the same uuid whatever the order of its drugs, and different findings different uuids', () => {
    expect(CdsCardBuilder.cardUuid('r', ['a', 'b'])).toBe(CdsCardBuilder.cardUuid('r', ['b', 'a']));
    expect(CdsCardBuilder.cardUuid('r', ['a', 'b'])).not.toBe(CdsCardBuilder.cardUuid('r', ['a', 'c']));
    expect(CdsCardBuilder.cardUuid('r', ['a'])).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('an unchecked medication gets an info card that says it was not checked', () => {
    const card = builder.unchecked({
      medication: { ref: 'MedicationRequest/u', label: 'Xyzzy', origin: 'current', candidates: [] },
      kind: 'unresolved',
      reason: 'no code or name matches',
    });
    expect(card).toMatchObject({ indicator: 'info', summary: 'Not checked for interactions: Xyzzy' });
    expect(card.detail).toContain('**not** screened');
  });

  it.each<['withdrawn' | 'discontinued', string]>([
    ['withdrawn', 'warning'],
    ['discontinued', 'info'],
  ])('a new order for a drug %s in the US gets a %s card that asks to confirm it', (status, indicator) => {
    const card = builder.noLongerMarketed(meds.get(0)!, [{ ingredientId: 'cisapride', name: 'cisapride', status, year: 2000, reason: 'QT prolongation', citations: [] }]);
    expect(card).toMatchObject({ indicator, summary: 'No longer marketed in the US: Ketorolac 10 MG' });
    expect(card.detail).toContain(`cisapride: ${status} in 2000 (QT prolongation)`);
    expect(card.detail).toContain('Confirm the order');
  });
});
