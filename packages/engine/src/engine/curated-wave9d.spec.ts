import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 9d (issue #11, item 7): the thirteen drugs wave 9a left names-only, reviewed from their US labels (and, where
 * the US label is silent, the EU SmPC) — knowledge/ingredients/wave9d-names-review.yaml,
 * rules/pairs-wave9d-names-review.yaml, classes/wave9d-names-review.yaml.
 */
describe('curated knowledge base: names-only drugs reviewed in wave 9d', () => {
  const curated = new CuratedCheckFixture();

  it.each<[string, string, string, string]>([
    // Amantadine: its labels' partners, and the dopamine antagonists the pack's antiparkinson rules name.
    ['amantadine', 'haloperidol', 'amantadine--antipsychotics', 'moderate'],
    ['Gocovri', 'risperidone', 'amantadine--antipsychotics', 'moderate'],
    ['amantadine', 'metoclopramide', 'amantadine--amantadine-opposing-antiemetics', 'moderate'],
    ['Osmolex ER', 'prochlorperazine', 'amantadine--amantadine-opposing-antiemetics', 'moderate'],
    ['amantadine', 'methylphenidate', 'amantadine--cns-stimulants', 'moderate'],
    ['amantadine', 'quinidine', 'amantadine--amantadine-label-clearance-reducers', 'moderate'],
    ['amantadine', 'quinine', 'amantadine--amantadine-label-clearance-reducers', 'moderate'],
    ['amantadine', 'Dyazide', 'amantadine--triamterene', 'moderate'],
    ['amantadine', 'acetazolamide', 'amantadine--carbonic-anhydrase-inhibitors', 'moderate'],
    ['amantadine', 'FluMist', 'amantadine--influenza-vaccine-live-intranasal', 'moderate'],
    ['amantadine', 'alcohol', 'amantadine--ethanol', 'moderate'],
    ['amantadine', 'memantine', 'amantadine--memantine', 'moderate'],
    ['amantadine', 'benztropine', 'additive:anticholinergic', 'moderate'],
    // Midodrine: its label's partners; as an oral pressor amine it takes the sympathomimetic-decongestant rules.
    ['midodrine', 'digoxin', 'midodrine--cardiac-glycosides', 'moderate'],
    ['midodrine', 'metoprolol', 'midodrine--heart-rate-lowering-drugs', 'moderate'],
    ['midodrine', 'phenelzine', 'midodrine--maois', 'major'],
    ['ProAmatine', 'doxazosin', 'midodrine--alpha1-blockers', 'moderate'],
    ['midodrine', 'fludrocortisone', 'midodrine--fludrocortisone', 'moderate'],
    ['midodrine', 'pseudoephedrine', 'duplicate:sympathomimetic-decongestants', 'moderate'],
    ['midodrine', 'dihydroergotamine', 'ergot-alkaloids--sympathomimetic-decongestants', 'major'],
    ['midodrine', 'methylphenidate', 'cns-stimulants--sympathomimetic-decongestants', 'moderate'],
    // Methyldopa.
    ['methyldopa', 'phenelzine', 'methyldopa--maois', 'contraindicated'],
    ['methyldopa', 'lithium', 'methyldopa--lithium', 'moderate'],
    ['methyldopa', 'ferrous sulfate', 'methyldopa--iron', 'moderate'],
    ['methyldopa', 'sevoflurane', 'methyldopa--halogenated-inhaled-anesthetics', 'moderate'],
    // Estramustine: its label's partners, and the cytotoxic-chemotherapy class rules.
    ['Emcyt', 'lisinopril', 'estramustine--ace-inhibitors', 'moderate'],
    ['estramustine', 'Tums', 'estramustine--estramustine-label-cation-products', 'moderate'],
    ['estramustine', 'magnesium hydroxide', 'estramustine--estramustine-label-cation-products', 'moderate'],
    ['estramustine', 'MMR', 'live-vaccines--cytotoxic-chemotherapy', 'major'],
    ['estramustine', 'phenytoin', 'hydantoins--other-cytotoxic-chemotherapy', 'moderate'],
    // Dexrazoxane: additive myelosuppression with the chemotherapy it accompanies.
    ['Zinecard', 'doxorubicin', 'dexrazoxane--cytotoxic-chemotherapy', 'moderate'],
    // Nalmefene: one moderate finding that tells the rescue products from oral Selincro.
    ['nalmefene', 'oxycodone', 'nalmefene--opioids', 'moderate'],
    ['Opvee', 'fentanyl', 'nalmefene--opioids', 'moderate'],
    ['Selincro', 'tramadol', 'nalmefene--opioids', 'moderate'],
    // Imidazoline eye and nose drops keep their labels' MAOI warning.
    ['Afrin', 'phenelzine', 'imidazoline-decongestants--maois', 'moderate'],
    ['Upneeq', 'selegiline', 'imidazoline-decongestants--maois', 'moderate'],
    ['naphazoline', 'tranylcypromine', 'imidazoline-decongestants--maois', 'moderate'],
    ['naphazoline', 'amitriptyline', 'naphazoline--naphazoline-label-pressor-potentiators', 'minor'],
    ['naphazoline', 'maprotiline', 'naphazoline--naphazoline-label-pressor-potentiators', 'minor'],
    // Stiripentol: US label 7 (clobazam, inducers, CNS depressants) and the EU SmPC's narrow-margin CYP3A4 substrates.
    ['Diacomit', 'clobazam', 'stiripentol--clobazam', 'moderate'],
    ['stiripentol', 'rifampin', 'stiripentol--strong-cyp3a4-inducers', 'moderate'],
    ['stiripentol', 'simvastatin', 'stiripentol--stiripentol-label-cyp3a4-substrates', 'major'],
    ['stiripentol', 'tacrolimus', 'stiripentol--stiripentol-label-cyp3a4-substrates', 'major'],
    ['stiripentol', 'ergotamine', 'stiripentol--stiripentol-label-cyp3a4-substrates', 'major'],
    ['stiripentol', 'lorazepam', 'additive:cns-depression', 'moderate'],
    // Triclabendazole prolongs QTc (label 5.1): the QT domain, and its label's CYP1A2-inhibitor statement.
    ['Egaten', 'citalopram', 'additive:qt', 'moderate'],
    ['triclabendazole', 'fluvoxamine', 'triclabendazole--cyp1a2-inhibitors', 'moderate'],
    // Fidaxomicin: the US label needs no dose change, the EU SmPC advises against potent P-gp inhibitors.
    ['Dificid', 'cyclosporine', 'fidaxomicin--fidaxomicin-smpc-pgp-inhibitors', 'minor'],
    ['fidaxomicin', 'amiodarone', 'fidaxomicin--fidaxomicin-smpc-pgp-inhibitors', 'minor'],
    // Vismodegib: the EU SmPC's strong inducers.
    ['Erivedge', 'rifampin', 'vismodegib--strong-cyp3a4-inducers', 'moderate'],
    ['vismodegib', 'carbamazepine', 'vismodegib--strong-cyp3a4-inducers', 'moderate'],
    ['Erivedge', "St John's wort", 'vismodegib--st-johns-wort', 'major'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  // Every drug of the wave is reviewed: a check with it is complete (no "not reviewed" warning).
  it.each([
    ['amantadine'],
    ['midodrine'],
    ['methyldopa'],
    ['estramustine'],
    ['dexrazoxane'],
    ['nalmefene'],
    ['oxymetazoline'],
    ['naphazoline'],
    ['stiripentol'],
    ['triclabendazole'],
    ['prucalopride'],
    ['vismodegib'],
    ['fidaxomicin'],
  ])('%s is reviewed: a check with it is complete', (drug) => {
    curated.expectReviewed(drug);
  });

  // Specificity: what the labels do not support must not alert.
  it.each<[string, string]>([
    // Prucalopride: no QT effect in its thorough QT study; ketoconazole's 40% rise needs no dose change (label 7).
    ['Motegrity', 'citalopram'],
    ['prucalopride', 'ketoconazole'],
    // The midodrine SmPC's wider list of "vasoconstrictive" drugs (tricyclics, antihistamines) is not encoded, nor
    // are corticosteroids other than fludrocortisone.
    ['midodrine', 'amitriptyline'],
    ['midodrine', 'prednisone'],
    // Amantadine with levodopa is standard Parkinson's therapy; hydrochlorothiazide alone was not the reported case.
    ['amantadine', 'levodopa'],
    ['amantadine', 'hydrochlorothiazide'],
    // Two antihypertensives: the hypotension domain starts at three.
    ['methyldopa', 'lisinopril'],
    // Dexrazoxane is not itself chemotherapy: the live-vaccine finding belongs to the anthracycline it accompanies.
    ['dexrazoxane', 'MMR'],
    // Oxymetazoline's label caution with antihypertensives and beta-blockers is not encoded (picogram plasma levels).
    ['oxymetazoline', 'metoprolol'],
    ['oxymetazoline', 'pseudoephedrine'],
    // Nalmefene and naloxone are both reversal agents.
    ['nalmefene', 'naloxone'],
    ['vismodegib', 'omeprazole'],
    ['fidaxomicin', 'warfarin'],
  ])('%s + %s: no finding', (a, b) => {
    curated.expectSilent(a, b);
  });
});
