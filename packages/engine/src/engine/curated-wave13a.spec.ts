import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 13a (label audit): interactions a common drug's own US label names that answered nothing or below the label —
 * rules/pairs-wave13a-labels.yaml and classes/wave13a-labels.yaml (clopidogrel, digoxin, verapamil, metoprolol,
 * carvedilol, sacubitril/valsartan, ranolazine).
 */
describe('curated knowledge base: wave 13a label-named interactions of common cardiovascular drugs', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Clopidogrel (Plavix 7.1): strong CYP2C19 inducers.
    ['clopidogrel', 'rifampin', 'wave13a-clopidogrel--rifampin', 'major'],
    ['Plavix', 'Rifadin', 'wave13a-clopidogrel--rifampin', 'major'],
    // Digoxin (Lanoxin 7): drugs that raise digoxin, beta-blockers, succinylcholine.
    ['digoxin', 'captopril', 'wave13a-digoxin--label-level-raising-drugs', 'moderate'],
    ['digoxin', 'gentamicin', 'wave13a-digoxin--label-level-raising-drugs', 'moderate'],
    ['digoxin', 'lapatinib', 'wave13a-digoxin--label-level-raising-drugs', 'moderate'],
    ['digoxin', 'tetracycline', 'wave13a-digoxin--label-level-raising-drugs', 'moderate'],
    ['Lanoxin', 'nifedipine', 'wave13a-digoxin--label-level-raising-drugs', 'moderate'],
    ['digoxin', 'telmisartan', 'wave13a-digoxin--label-level-raising-drugs', 'moderate'],
    ['digoxin', 'rabeprazole', 'wave13a-digoxin--label-level-raising-drugs', 'moderate'],
    ['digoxin', 'trimethoprim', 'wave13a-digoxin--label-level-raising-drugs', 'moderate'],
    ['digoxin', 'tolvaptan', 'wave13a-digoxin--label-level-raising-drugs', 'moderate'],
    ['digoxin', 'acarbose', 'wave13a-digoxin--label-level-lowering-drugs', 'moderate'],
    ['digoxin', 'metoclopramide', 'wave13a-digoxin--label-level-lowering-drugs', 'moderate'],
    ['Lanoxin', 'Azulfidine', 'wave13a-digoxin--label-level-lowering-drugs', 'moderate'],
    ['digoxin', 'metoprolol', 'wave13a-digoxin--beta-blockers', 'moderate'],
    ['Lanoxin', 'Toprol-XL', 'wave13a-digoxin--beta-blockers', 'moderate'],
    ['digoxin', 'atenolol', 'wave13a-digoxin--beta-blockers', 'moderate'],
    ['digoxin', 'succinylcholine', 'wave13a-digoxin--neuromuscular-blockers', 'moderate'],
    ['digoxin', 'rocuronium', 'wave13a-digoxin--neuromuscular-blockers', 'moderate'],
    ['digoxin', 'lisinopril', 'wave13a-digoxin--renal-function-drugs', 'moderate'],
    ['Lanoxin', 'Cozaar', 'wave13a-digoxin--renal-function-drugs', 'moderate'],
    ['digoxin', 'Entresto', 'wave13a-digoxin--renal-function-drugs', 'moderate'],
    ['digoxin', 'dofetilide', 'wave13a-digoxin--dofetilide', 'moderate'],
    ['digoxin', 'teriparatide', 'wave13a-digoxin--teriparatide', 'moderate'],
    ['digoxin', 'dobutamine', 'wave13a-digoxin--catecholamines', 'moderate'],
    ['digoxin', 'epinephrine', 'wave13a-digoxin--catecholamines', 'moderate'],
    ['digoxin', 'ivabradine', 'wave13a-digoxin--ivabradine', 'moderate'],
    // Verapamil (Calan SR): disopyramide.
    ['verapamil', 'disopyramide', 'wave13a-verapamil--disopyramide', 'major'],
    ['verapamil', 'rocuronium', 'wave13a-verapamil--neuromuscular-blockers', 'moderate'],
    ['Calan SR', 'succinylcholine', 'wave13a-verapamil--neuromuscular-blockers', 'moderate'],
    ['verapamil', 'sevoflurane', 'wave13a-verapamil--inhalation-anesthetics', 'moderate'],
    // Metoprolol and carvedilol: catecholamine-depleting drugs, metoprolol with named CYP2D6 inhibitors, carvedilol with cyclosporine and rifampin.
    ['metoprolol', 'reserpine', 'wave13a-beta-blockers--reserpine', 'moderate'],
    ['metoprolol', 'phenelzine', 'wave13a-metoprolol-carvedilol--maois', 'moderate'],
    ['Coreg', 'tranylcypromine', 'wave13a-metoprolol-carvedilol--maois', 'moderate'],
    ['metoprolol', 'cimetidine', 'wave13a-metoprolol--label-cyp2d6-inhibitors', 'moderate'],
    ['Lopressor', 'Benadryl', 'wave13a-metoprolol--label-cyp2d6-inhibitors', 'moderate'],
    ['metoprolol', 'hydroxychloroquine', 'wave13a-metoprolol--label-cyp2d6-inhibitors', 'moderate'],
    ['metoprolol', 'ritonavir', 'wave13a-metoprolol--label-cyp2d6-inhibitors', 'moderate'],
    ['carvedilol', 'cyclosporine', 'wave13a-carvedilol--cyclosporine', 'moderate'],
    ['carvedilol', 'rifampin', 'wave13a-carvedilol--rifampin', 'minor'],
    // Amlodipine (Norvasc 7.1): sildenafil.
    ['amlodipine', 'sildenafil', 'wave13a-amlodipine--sildenafil', 'moderate'],
    ['Norvasc', 'Viagra', 'wave13a-amlodipine--sildenafil', 'moderate'],
    // Sacubitril/valsartan (Entresto 7.1): another ARB.
    ['Entresto', 'losartan', 'wave13a-sacubitril--other-arbs', 'major'],
    ['Entresto', 'olmesartan', 'wave13a-sacubitril--other-arbs', 'major'],
    // Ranolazine (Ranexa 7.2): lovastatin, narrow-range CYP3A substrates.
    ['ranolazine', 'lovastatin', 'wave13a-ranolazine--lovastatin', 'moderate'],
    ['Ranexa', 'sirolimus', 'wave13a-ranolazine--narrow-cyp3a-substrates', 'moderate'],
    ['ranolazine', 'tacrolimus', 'wave13a-ranolazine--narrow-cyp3a-substrates', 'moderate'],
    // Older, at-least-as-severe answers keep precedence.
    ['clopidogrel', 'omeprazole', 'clopidogrel--omeprazole', 'major'],
    ['clopidogrel', 'repaglinide', 'clopidogrel--repaglinide', 'major'],
    ['digoxin', 'amiodarone', 'digoxin--amiodarone', 'major'],
    ['digoxin', 'verapamil', 'digoxin--verapamil', 'major'],
    ['digoxin', 'carvedilol', 'digoxin--carvedilol', 'moderate'],
    ['Entresto', 'lisinopril', 'sacubitril--lisinopril', 'contraindicated'],
    ['ranolazine', 'ketoconazole', 'ranolazine--ketoconazole', 'contraindicated'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Specificity: partners the labels do not name stay silent.
  it.each<[string, string]>([
    ['digoxin', 'pseudoephedrine'], // the label's sympathomimetics are taken as the systemic catecholamines
    ['digoxin', 'amlodipine'], // the digoxin label names nifedipine among the dihydropyridines
    // digoxin + pantoprazole no longer silent: wave 13h answers every PPI with digoxin (PPI labels 5 and 7: monitor).
    ['digoxin', 'famotidine'], // the digoxin label's acid suppressant is rabeprazole; H2 blockers are not named
    ['digoxin', 'doxycycline'], // and tetracycline among the tetracyclines
    ['atenolol', 'phenelzine'], // the atenolol label names reserpine only
    ['metoprolol', 'selegiline'], // an MAO-B inhibitor, not a catecholamine depletor
    ['metoprolol', 'famotidine'], // the label's H2 blocker is cimetidine
    ['atenolol', 'cimetidine'], // atenolol is not cleared by CYP2D6
    ['carvedilol', 'tacrolimus'], // the carvedilol label names cyclosporine
    ['clopidogrel', 'rifabutin'], // not a strong CYP2C19 inducer
    ['sacubitril', 'valsartan'], // the two halves of Entresto
    ['ranolazine', 'atorvastatin'],
    ['digoxin', 'sitagliptin'], // the label names alpha-glucosidase inhibitors and exenatide only
    ['digoxin', 'liraglutide'],
    ['nifedipine', 'sildenafil'], // the sildenafil statement is the amlodipine label's
    ['diltiazem', 'sevoflurane'], // the diltiazem labels do not name inhalation anaesthetics
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });
});
