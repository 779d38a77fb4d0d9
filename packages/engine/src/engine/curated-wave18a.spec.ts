import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 18a (measured-gap review of the french-ad pairs): label-backed answers added in rules/pairs-wave18a-gaps.yaml,
 * classes/wave18a-gaps.yaml and the labels.yaml statement wave18a-bedaquiline--cyp3a4-inducers (Dilantin 7, Sirturo 7.1).
 */
describe('curated knowledge base: wave 18a measured-gap review (french-ad)', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Phenytoin/fosphenytoin labels: antineoplastic agents may lower phenytoin levels.
    ['phenytoin', 'hydroxyurea', 'wave18a-hydantoins--phenytoin-label-other-antineoplastics', 'moderate'],
    ['Dilantin', 'Droxia', 'wave18a-hydantoins--phenytoin-label-other-antineoplastics', 'moderate'],
    ['fosphenytoin', 'mercaptopurine', 'wave18a-hydantoins--phenytoin-label-other-antineoplastics', 'moderate'],
    ['Cerebyx', 'Purixan', 'wave18a-hydantoins--phenytoin-label-other-antineoplastics', 'moderate'],
    // Sirturo 7.1: avoid strong and moderate CYP3A4 inducers (those outside the older class).
    ['bedaquiline', 'eslicarbazepine', 'wave18a-bedaquiline--cyp3a4-inducers', 'major'],
    ['Sirturo', 'Aptiom', 'wave18a-bedaquiline--cyp3a4-inducers', 'major'],
    ['bedaquiline', 'cenobamate', 'wave18a-bedaquiline--cyp3a4-inducers', 'major'],
    // Older, at-least-as-severe answers keep precedence.
    ['bedaquiline', 'rifampin', 'bedaquiline--cyp3a4-inducers', 'major'],
    ['phenytoin', 'thioguanine', 'hydantoins--other-cytotoxic-chemotherapy', 'moderate'],
    ['phenytoin', 'methotrexate', 'hydantoins--phenytoin-lowering-antineoplastics', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // No label support: azathioprine and dexrazoxane are not antineoplastics in the phenytoin label's sense; current
  // eribulin labels expect no CYP3A interactions; the cabergoline label names only D2 antagonists.
  it.each<[string, string]>([
    ['phenytoin', 'azathioprine'],
    ['phenytoin', 'dexrazoxane'],
    ['eribulin', 'carbamazepine'],
    ['cabergoline', 'bupropion'],
  ])('%s + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });
});
