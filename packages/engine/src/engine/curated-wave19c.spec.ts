import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 19c: 21 drugs marketed in the US only for the skin, moved from the names-only list after reading each one's
 * label (knowledge/ingredients/wave19c-local-review.yaml). A check with one of them is now complete. Two labels name
 * other drugs (rules/pairs-wave19c-local.yaml): Santyl and Silvadene (silver inactivates the debriding enzyme) and
 * Altabax (ketoconazole raises retapamulin levels; no dose change). The rest say nothing about other drugs.
 */
describe('curated knowledge base: wave 19c, names-only skin drugs reviewed', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string]>([
    ['azelaic acid'],
    ['Finacea'],
    ['Regranex'],
    ['butenafine'],
    ['Mentax'],
    ['Qutenza'],
    ['Santyl'],
    ['Eurax'],
    ['Dyclopro'],
    ['Jublia'],
    ['hexachlorophene'],
    ['Sulfamylon'],
    ['malathion lotion'],
    ['naftifine cream'],
    ['Xepi'],
    ['Denavir'],
    ['permethrin cream'],
    ['Condylox'],
    ['Altabax'],
    ['selenium sulfide lotion'],
    ['Silvadene'],
    ['Natroba'],
    ['Kerydin'],
  ])('%s is a reviewed drug: the check is complete', (drug) => {
    curated.expectReviewed(drug);
  });

  it.each<[string, string, string, string]>([
    // Santyl Precautions and Silvadene Precautions: silver inactivates the collagenase; cleanse with saline first.
    ['Santyl', 'Silvadene', 'wave19c-collagenase--silver-sulfadiazine', 'moderate'],
    ['collagenase', 'silver sulfadiazine cream', 'wave19c-collagenase--silver-sulfadiazine', 'moderate'],
    ['Thermazene', 'Santyl', 'wave19c-collagenase--silver-sulfadiazine', 'moderate'],
    // Altabax 7: ketoconazole raised retapamulin exposure by 81%; no dose change needed.
    ['Altabax', 'ketoconazole', 'wave19c-retapamulin--strong-cyp3a4-inhibitors', 'minor'],
    ['retapamulin', 'clarithromycin', 'wave19c-retapamulin--strong-cyp3a4-inhibitors', 'minor'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  it('each label pair gives one finding', () => {
    expect(curated.findings('Santyl', 'Silvadene')).toEqual([['wave19c-collagenase--silver-sulfadiazine', 'moderate']]);
    expect(curated.findings('Altabax', 'itraconazole')).toEqual([['wave19c-retapamulin--strong-cyp3a4-inhibitors', 'minor']]);
  });

  // Labels that say nothing about other drugs: no finding with common partners, and no systemic class answers.
  it.each<[string, string]>([
    ['Jublia', 'warfarin'],
    ['Kerydin', 'simvastatin'],
    ['Qutenza', 'oxycodone'],
    ['Sulfamylon', 'warfarin'],
    ['Silvadene', 'warfarin'],
    ['Silvadene', 'simvastatin'],
    ['Dyclopro', 'warfarin'],
    ['malathion lotion', 'simvastatin'],
    ['permethrin cream', 'warfarin'],
    ['Altabax', 'diltiazem'],
    ['Finacea', 'simvastatin'],
  ])('%s + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });
});
