import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 10b (issue #11, items 1 and 3): label statements the generic templates answered too low —
 * rules/pairs-wave10b-inducers.yaml (labels naming phenobarbital/barbiturates among strong CYP3A4 inducers, and labels
 * that speak to barbiturates as moderate inducers), rules/pairs-wave10b-doacs.yaml (apixaban and rivaroxaban with
 * moderate CYP3A4 inhibitors), classes/wave10b-pk.yaml.
 */
describe('curated knowledge base: wave 10b inducer and DOAC label statements', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Labels that name phenobarbital (or barbiturates) among the strong CYP3A4 inducers to avoid.
    ['regorafenib', 'phenobarbital', 'barbiturate-cyp3a4-inducers--regorafenib', 'major'],
    ['Stivarga', 'primidone', 'barbiturate-cyp3a4-inducers--regorafenib', 'major'],
    ['trabectedin', 'phenobarbital', 'barbiturate-cyp3a4-inducers--trabectedin', 'major'],
    ['ixabepilone', 'primidone', 'barbiturate-cyp3a4-inducers--ixabepilone', 'major'],
    ['temsirolimus', 'phenobarbital', 'barbiturate-cyp3a4-inducers--temsirolimus', 'major'],
    ['roflumilast', 'phenobarbital', 'barbiturate-cyp3a4-inducers--roflumilast', 'major'],
    ['Daliresp', 'primidone', 'barbiturate-cyp3a4-inducers--roflumilast', 'major'],
    ['ivacaftor', 'phenobarbital', 'barbiturate-cyp3a4-inducers--ivacaftor', 'major'],
    ['ubrogepant', 'phenobarbital', 'barbiturate-cyp3a4-inducers--ubrogepant', 'major'],
    ['maraviroc', 'phenobarbital', 'barbiturate-cyp3a4-inducers--maraviroc', 'major'],
    ['boceprevir', 'phenobarbital', 'barbiturate-cyp3a4-inducers--boceprevir', 'contraindicated'],
    // Item 3: labels that name phenobarbital among inducers needing a dose change.
    ['risperidone', 'phenobarbital', 'barbiturate-cyp3a4-inducers--risperidone', 'moderate'],
    ['dexamethasone', 'phenobarbital', 'barbiturate-cyp3a4-inducers--label-named-corticosteroids', 'moderate'],
    ['methylprednisolone', 'primidone', 'barbiturate-cyp3a4-inducers--label-named-corticosteroids', 'moderate'],
    ['prednisone', 'phenobarbital', 'barbiturate-cyp3a4-inducers--label-named-corticosteroids', 'moderate'],
    ['deflazacort', 'phenobarbital', 'wave10b-deflazacort--cyp3a4-inducers', 'major'],
    ['deflazacort', 'efavirenz', 'wave10b-deflazacort--cyp3a4-inducers', 'major'],
    // Apixaban and rivaroxaban with moderate CYP3A4 inhibitors (Eliquis/Xarelto 12.3, Chang 2017, Pham 2020).
    ['apixaban', 'fluconazole', 'wave10b-cyp3a4-pgp-doacs--moderate-cyp3a4-inhibitors', 'moderate'],
    ['Eliquis', 'diltiazem', 'wave10b-cyp3a4-pgp-doacs--moderate-cyp3a4-inhibitors', 'moderate'],
    ['apixaban', 'verapamil', 'wave10b-apixaban--combined-pgp-moderate-cyp3a4-inhibitors', 'moderate'],
    ['rivaroxaban', 'verapamil', 'rivaroxaban--combined-pgp-moderate-cyp3a4-inhibitors', 'moderate'],
    ['rivaroxaban', 'fluconazole', 'wave10b-cyp3a4-pgp-doacs--moderate-cyp3a4-inhibitors', 'moderate'],
    ['Xarelto', 'diltiazem', 'wave10b-cyp3a4-pgp-doacs--moderate-cyp3a4-inhibitors', 'moderate'],
    // The more specific existing pair rule still answers for rivaroxaban + erythromycin.
    ['rivaroxaban', 'erythromycin', 'rivaroxaban--erythromycin', 'moderate'],
    // Strong inducers keep their own rules and statements.
    ['regorafenib', 'rifampin', 'regorafenib--strong-cyp3a4-inducers', 'major'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Specificity: what the labels do not support must not alert.
  it.each<[string, string]>([
    // Dabigatran and edoxaban are not CYP3A4-cleared: a CYP3A4-only moderate inhibitor leaves them alone.
    ['dabigatran', 'fluconazole'],
    ['edoxaban', 'diltiazem'],
    // Moderate CYP3A4 inhibitors without a labelled DOAC effect are not barbiturates: no inducer rule on them.
    ['regorafenib', 'levetiracetam'],
    ['apixaban', 'amlodipine'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });

  // Labels that do not name barbiturates keep the generic (low or no) answer: no barbiturate-specific finding.
  it.each<[string, string]>([
    ['palbociclib', 'phenobarbital'],
    ['lumefantrine', 'phenobarbital'],
    ['tadalafil', 'phenobarbital'],
  ])('%s + %s: no barbiturate-specific or major finding', (a, b) => {
    const findings = curated.check([a, b]).interactions;
    expect(findings.filter((f) => f.ruleId.startsWith('barbiturate-'))).toEqual([]);
    expect(findings.filter((f) => f.severity === 'major' || f.severity === 'contraindicated')).toEqual([]);
  });
});
