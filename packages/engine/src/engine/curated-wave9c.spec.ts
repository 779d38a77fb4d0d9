import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 9c (issue #11, item 1): generic pathway findings on top-300 drugs audited against the substrates' US labels.
 * Each row is a pair a generic template (pathways.yaml) used to answer on its own; the label statement (labels.yaml,
 * "wave 9c") or pair rule that now answers it, with the severity the label supports, up or down.
 */
describe('curated knowledge base: generic pathway findings audited against labels (wave 9c)', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string, string]>([
    // substrate, perpetrator, statement or rule now answering, its severity, worst severity of the pair
    // Buspirone: the label lowers the dose with CYP3A4 inhibitors and adjusts it with inducers (was major).
    ['buspirone', 'ketoconazole', 'wave9c-buspirone--cyp3a4-inhibitors', 'moderate', 'moderate'],
    ['buspirone', 'clarithromycin', 'wave9c-buspirone--cyp3a4-inhibitors', 'moderate', 'moderate'],
    ['BuSpar', 'erythromycin', 'wave9c-buspirone--cyp3a4-inhibitors', 'moderate', 'moderate'],
    ['buspirone', 'carbamazepine', 'wave9c-buspirone--cyp3a4-inducers', 'moderate', 'moderate'],
    ['buspirone', 'phenytoin', 'wave9c-buspirone--cyp3a4-inducers', 'moderate', 'moderate'],
    ['buspirone', 'efavirenz', 'wave9c-buspirone--cyp3a4-inducers', 'moderate', 'moderate'],
    // Inhaled/intranasal corticosteroids and salmeterol: labels warn about inhibitors only (was major with inducers).
    ['fluticasone', 'rifampin', 'wave9c-inhaled-corticosteroids--cyp3a4-inducers', 'minor', 'minor'],
    ['Flonase', 'carbamazepine', 'wave9c-inhaled-corticosteroids--cyp3a4-inducers', 'minor', 'minor'],
    ['budesonide', 'phenytoin', 'wave9c-inhaled-corticosteroids--cyp3a4-inducers', 'minor', 'minor'],
    ['mometasone', 'rifampin', 'wave9c-inhaled-corticosteroids--cyp3a4-inducers', 'minor', 'minor'],
    ['fluticasone', 'bosentan', 'wave9c-inhaled-corticosteroids--cyp3a4-inducers', 'minor', 'minor'],
    ['fluticasone', 'erythromycin', 'wave9c-fluticasone--moderate-cyp3a4-inhibitors', 'minor', 'minor'],
    ['fluticasone', 'diltiazem', 'wave9c-fluticasone--moderate-cyp3a4-inhibitors', 'minor', 'minor'],
    ['salmeterol', 'rifampin', 'wave9c-salmeterol--cyp3a4-inducers', 'minor', 'minor'],
    ['salmeterol', 'efavirenz', 'wave9c-salmeterol--cyp3a4-inducers', 'minor', 'minor'],
    // PDE5 inhibitors: Adcirca avoids strong inducers (was moderate); Viagra starts at 25 mg with moderate inhibitors.
    ['tadalafil', 'rifampin', 'wave9c-tadalafil--strong-cyp3a4-inducers', 'major', 'major'],
    ['Cialis', 'carbamazepine', 'wave9c-tadalafil--strong-cyp3a4-inducers', 'major', 'major'],
    ['sildenafil', 'erythromycin', 'wave9c-sildenafil--moderate-cyp3a4-inhibitors', 'moderate', 'moderate'],
    ['Viagra', 'diltiazem', 'wave9c-sildenafil--moderate-cyp3a4-inhibitors', 'moderate', 'moderate'],
    // Guanfacine ER: half the dose with strong inhibitors, up to double with strong inducers.
    ['guanfacine', 'ketoconazole', 'wave9c-guanfacine--strong-cyp3a4-inhibitors', 'moderate', 'moderate'],
    ['Intuniv', 'rifampin', 'wave9c-guanfacine--strong-cyp3a4-inducers', 'moderate', 'moderate'],
    // Aripiprazole: double the dose with strong inducers.
    ['aripiprazole', 'rifampin', 'wave9c-aripiprazole--strong-cyp3a4-inducers', 'moderate', 'moderate'],
    ['Abilify', 'phenytoin', 'wave9c-aripiprazole--strong-cyp3a4-inducers', 'moderate', 'moderate'],
    // Simvastatin and lovastatin with strong inducers: loss of LDL lowering (was major), like the rifampin pair rule.
    ['simvastatin', 'phenytoin', 'wave9c-simvastatin-lovastatin--strong-cyp3a4-inducers', 'moderate', 'moderate'],
    ['lovastatin', 'rifampin', 'wave9c-simvastatin-lovastatin--strong-cyp3a4-inducers', 'moderate', 'moderate'],
    // Rimegepant: no second dose within 48 h with moderate inhibitors; avoid moderate inducers (was minor).
    ['rimegepant', 'erythromycin', 'wave9c-rimegepant--moderate-cyp3a4-inhibitors', 'moderate', 'moderate'],
    ['Nurtec', 'efavirenz', 'wave9c-rimegepant--moderate-cyp3a4-inducers', 'major', 'major'],
    // Omeprazole and esomeprazole: no change with strong CYP2C19 inhibitors (was moderate); avoid rifampin (was moderate).
    ['omeprazole', 'fluconazole', 'wave9c-omeprazole-esomeprazole--strong-cyp2c19-inhibitors', 'minor', 'minor'],
    ['omeprazole', 'fluvoxamine', 'wave9c-omeprazole-esomeprazole--strong-cyp2c19-inhibitors', 'minor', 'minor'],
    ['omeprazole', 'rifampin', 'wave9c-omeprazole-esomeprazole--strong-cyp2c19-inducers', 'major', 'major'],
    ['Nexium', 'rifampin', 'wave9c-omeprazole-esomeprazole--strong-cyp2c19-inducers', 'major', 'major'],
    // Montelukast with gemfibrozil: exposure rises, no dose change (was moderate).
    ['montelukast', 'gemfibrozil', 'wave9c-montelukast--strong-cyp2c8-inhibitors', 'minor', 'minor'],
    // Fexofenadine: P-gp inhibitors raised levels without harm; inducers and OATP inhibitors (was moderate).
    ['fexofenadine', 'ketoconazole', 'wave9c-fexofenadine--pgp-inhibitors', 'minor', 'minor'],
    ['Allegra', 'erythromycin', 'wave9c-fexofenadine--pgp-inhibitors', 'minor', 'minor'],
    ['fexofenadine', 'verapamil', 'wave9c-fexofenadine--pgp-inhibitors', 'minor', 'minor'],
    ['fexofenadine', 'gemfibrozil', 'wave9c-fexofenadine--oatp1b1-inhibitors', 'minor', 'minor'],
    ['fexofenadine', 'carbamazepine', 'wave9c-fexofenadine--pgp-inducers', 'minor', 'minor'],
    // Venlafaxine: CYP2D6 inhibition shifts it to its equally active metabolite, no dose change (was major).
    ['venlafaxine', 'terbinafine', 'wave9c-venlafaxine--cyp2d6-inhibitors', 'minor', 'minor'],
    ['venlafaxine', 'paroxetine', 'wave9c-venlafaxine--cyp2d6-inhibitors', 'minor', 'moderate'],
    ['venlafaxine', 'bupropion', 'bupropion--bupropion-seizure-threshold-partners', 'moderate', 'moderate'],
    // Atomoxetine and metoclopramide: the labels' dose schedules with strong CYP2D6 inhibitors.
    ['atomoxetine', 'bupropion', 'wave9c-atomoxetine--strong-cyp2d6-inhibitors', 'moderate', 'moderate'],
    ['metoclopramide', 'paroxetine', 'wave9c-metoclopramide--strong-cyp2d6-inhibitors', 'moderate', 'moderate'],
    ['Reglan', 'fluoxetine', 'wave9c-metoclopramide--strong-cyp2d6-inhibitors', 'moderate', 'moderate'],
    // Caffeine with strong CYP1A2 inhibitors: cut down on caffeine (was major).
    ['caffeine', 'ciprofloxacin', 'wave9c-caffeine--strong-cyp1a2-inhibitors', 'moderate', 'moderate'],
    ['caffeine', 'fluvoxamine', 'wave9c-caffeine--strong-cyp1a2-inhibitors', 'moderate', 'moderate'],
    // Trazodone and mirtazapine with strong CYP3A4 inhibitors and inducers, bupropion with CYP2B6 inducers: same
    // grade as the templates, with the labels' dose advice.
    ['trazodone', 'clarithromycin', 'wave9c-trazodone--strong-cyp3a4-inhibitors', 'moderate', 'moderate'],
    ['trazodone', 'carbamazepine', 'wave9c-trazodone--strong-cyp3a4-inducers', 'moderate', 'moderate'],
    ['mirtazapine', 'ketoconazole', 'wave9c-mirtazapine--strong-cyp3a4-inhibitors', 'moderate', 'moderate'],
    ['Remeron', 'phenytoin', 'wave9c-mirtazapine--strong-cyp3a4-inducers', 'moderate', 'moderate'],
    ['bupropion', 'efavirenz', 'wave9c-bupropion--cyp2b6-inducers', 'moderate', 'moderate'],
    ['Wellbutrin', 'carbamazepine', 'wave9c-bupropion--cyp2b6-inducers', 'moderate', 'moderate'],
    // Colchicine: the label's moderate-CYP3A4-inhibitor doses also apply to ciprofloxacin and fluvoxamine (was minor).
    ['colchicine', 'ciprofloxacin', 'wave9c-colchicine--moderate-cyp3a4-inhibitors', 'moderate', 'moderate'],
    ['Colcrys', 'fluvoxamine', 'wave9c-colchicine--moderate-cyp3a4-inhibitors', 'moderate', 'moderate'],
    // Diazepam with fluvoxamine: the fluvoxamine label calls it generally not advisable (was minor).
    ['diazepam', 'fluvoxamine', 'wave9c-diazepam--fluvoxamine', 'major', 'major'],
    ['Valium', 'Luvox', 'wave9c-diazepam--fluvoxamine', 'major', 'major'],
    // Ritonavir or cobicistat with diltiazem answered nothing (diltiazem has no substrate role): the boosters' labels.
    ['diltiazem', 'ritonavir', 'pk-boosters--non-dihydropyridine-ccbs', 'moderate', 'moderate'],
    ['verapamil', 'cobicistat', 'pk-boosters--non-dihydropyridine-ccbs', 'moderate', 'moderate'],
    ['Cardizem', 'Paxlovid', 'pk-boosters--non-dihydropyridine-ccbs', 'moderate', 'moderate'],
  ])('%s + %s: %s (%s), worst %s', (a, b, ruleId, severity, worst) => {
    expect(curated.findings(a, b)).toContainEqual([ruleId, severity]);
    expect(curated.worst(a, b)).toBe(worst);
  });

  // The strong-inhibitor pair rules these statements sit beside keep precedence: the label statement never
  // lowers an interaction the substrate's label grades higher.
  it.each<[string, string, string, string]>([
    ['fluticasone', 'ritonavir', 'fluticasone--ritonavir', 'major'],
    ['fluticasone', 'ketoconazole', 'fluticasone--ketoconazole', 'major'],
    ['budesonide', 'ketoconazole', 'budesonide--ketoconazole', 'major'],
    ['salmeterol', 'ketoconazole', 'salmeterol--ketoconazole', 'major'],
    ['tadalafil', 'ketoconazole', 'tadalafil--ketoconazole', 'major'],
    ['buspirone', 'itraconazole', 'buspirone--itraconazole', 'moderate'],
    ['voriconazole', 'omeprazole', 'voriconazole--omeprazole', 'moderate'],
    ['colchicine', 'diltiazem', 'colchicine--diltiazem', 'major'],
    ['colchicine', 'aprepitant', 'colchicine--moderate-cyp3a4-inhibitors', 'moderate'],
  ])('%s + %s keeps %s (%s)', (a, b, ruleId, severity) => {
    expect(curated.findings(a, b)).toContainEqual([ruleId, severity]);
  });

  it.each<[string, string]>([
    ['buspirone', 'ketoconazole'],
    ['fluticasone', 'rifampin'],
    ['guanfacine', 'rifampin'],
    ['omeprazole', 'rifampin'],
    ['fexofenadine', 'erythromycin'],
    ['diazepam', 'fluvoxamine'],
  ])('a check with %s and %s is complete', (a, b) => {
    expect(curated.check([a, b]).summary.complete).toBe(true);
  });
});
