import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 16c (label audit): interactions named by the labels of common ARBs, ACE inhibitors, chlorthalidone, atenolol,
 * nifedipine and the oral nitrates that answered nothing or below the label — rules/pairs-wave16c-labels.yaml and the
 * wave 16c block of labels.yaml (Benicar, Procardia / Procardia XL, generic nifedipine ER).
 */
describe('curated knowledge base: wave 16c label-named interactions of RAS, beta-blocker, CCB and nitrate drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Olmesartan (Benicar 7): colesevelam, take olmesartan 4 hours earlier.
    ['olmesartan', 'colesevelam', 'wave16c-olmesartan--colesevelam', 'minor'],
    ['Benicar', 'Welchol', 'wave16c-olmesartan--colesevelam', 'minor'],
    ['Azor', 'colesevelam', 'wave16c-olmesartan--colesevelam', 'minor'],
    // Nifedipine (Procardia precautions): avoid CYP3A4 inducers.
    ['nifedipine', "St. John's wort", 'wave16c-nifedipine--cyp3a4-inducers', 'major'],
    ['Procardia XL', 'rifapentine', 'wave16c-nifedipine--cyp3a4-inducers', 'major'],
    ['Adalat CC', 'efavirenz', 'wave16c-nifedipine--cyp3a4-inducers', 'major'],
    // Nifedipine ER: doxazosin (monitor blood pressure), cimetidine (start low).
    ['nifedipine', 'doxazosin', 'wave16c-nifedipine--doxazosin', 'moderate'],
    ['Procardia XL', 'Cardura', 'wave16c-nifedipine--doxazosin', 'moderate'],
    ['nifedipine', 'cimetidine', 'wave16c-nifedipine--cimetidine', 'moderate'],
    ['Tagamet', 'Adalat CC', 'wave16c-nifedipine--cimetidine', 'moderate'],
    // Older, at-least-as-severe answers keep precedence.
    ['nifedipine', 'rifampin', 'nifedipine--rifampin', 'contraindicated'],
    ['Procardia XL', 'carbamazepine', 'nifedipine--carbamazepine', 'major'],
    ['nifedipine', 'clarithromycin', 'nifedipine--cyp3a4-inhibitors', 'moderate'],
    ['Altace', 'Entresto', 'sacubitril--ramipril', 'contraindicated'],
    ['Lotensin', 'sacubitril', 'sacubitril--benazepril', 'contraindicated'],
    ['Cozaar', 'aliskiren', 'aliskiren--arbs', 'major'],
    ['Diovan', 'lithium', 'lithium--valsartan', 'major'],
    ['Micardis', 'Altace', 'ace-inhibitors--arbs', 'moderate'],
    ['ramipril', 'temsirolimus', 'ace-inhibitors--mtor-inhibitors', 'moderate'],
    ['Imdur', 'sildenafil', 'sildenafil--isosorbide-mononitrate', 'contraindicated'],
    ['isosorbide dinitrate', 'riociguat', 'riociguat--isosorbide-dinitrate', 'contraindicated'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Specificity: siblings the labels do not name stay silent.
  it.each<[string, string]>([
    ['losartan', 'colesevelam'],
    ['amlodipine', 'cimetidine'],
    ['amlodipine', 'doxazosin'],
    ['nifedipine', 'tamsulosin'],
    ['nifedipine', 'metoprolol'],
    ['nifedipine', 'famotidine'],
  ])('%s + %s: silent', (a, b) => {
    curated.expectSilent(a, b);
  });
});
