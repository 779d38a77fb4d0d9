import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * Wave 9b of the names-only review (issue #11, item 7): live vaccines, and the cytotoxic and biologic drugs moved out
 * of fda-rx-names.yaml. Runs against the compiled curated pack (dist/kb/curated.json, built by `compile:kb`).
 */
const curated = new CuratedCheckFixture();

describe('curated knowledge base: live vaccine names (wave 9b)', () => {
  it.each<[string, string]>([
    ['MMR', 'measles-mumps-rubella-vaccine-live'],
    ['MMR vaccine', 'measles-mumps-rubella-vaccine-live'],
    ['M-M-R II', 'measles-mumps-rubella-vaccine-live'],
    ['Priorix', 'measles-mumps-rubella-vaccine-live'],
    ['ProQuad', 'measles-mumps-rubella-varicella-vaccine-live'],
    ['MMRV', 'measles-mumps-rubella-varicella-vaccine-live'],
    ['varicella vaccine', 'varicella-vaccine-live'],
    ['Varivax', 'varicella-vaccine-live'],
    ['chickenpox vaccine', 'varicella-vaccine-live'],
    ['Zostavax', 'zoster-vaccine-live'],
    ['yellow fever vaccine', 'yellow-fever-vaccine-live'],
    ['YF-Vax', 'yellow-fever-vaccine-live'],
    ['Vivotif', 'typhoid-vaccine-live-oral-ty21a'],
    ['Ty21a', 'typhoid-vaccine-live-oral-ty21a'],
    ['rotavirus vaccine', 'rotavirus-vaccine-live-oral'],
    ['RotaTeq', 'rotavirus-vaccine-live-oral'],
    ['Rotarix', 'rotavirus-vaccine-live-oral'],
    ['FluMist', 'influenza-vaccine-live-intranasal'],
    ['LAIV', 'influenza-vaccine-live-intranasal'],
    ['BCG', 'bcg-live'],
    ['BCG vaccine', 'bcg-live'],
    ['TICE BCG', 'bcg-live'],
    ['Vaxchora', 'cholera-vaccine-live-oral'],
    ['Dengvaxia', 'dengue-tetravalent-vaccine-live'],
    ['Ixchiq', 'chikungunya-vaccine-live'],
  ])('%s resolves to the live vaccine %s', (name, id) => {
    const r = curated.check([name, 'simvastatin']);
    expect(r.resolutions[0].ingredients?.map((i) => i.id)).toEqual([id]);
    expect(r.summary.complete).toBe(true);
  });

  // Non-live vaccines, and generic words that usually mean one, must never become a live vaccine: they stay
  // unresolved (reported as unknown), which is more honest than "reviewed, no interaction".
  it.each<string>([
    'influenza vaccine',
    'flu vaccine',
    'flu shot',
    'Fluzone',
    'Flublok',
    'Shingrix',
    'shingles vaccine',
    'zoster vaccine',
    'zoster vaccine recombinant',
    'typhoid vaccine',
    'Typhim Vi',
    'cholera vaccine',
    'hepatitis B vaccine',
    'pneumococcal vaccine',
    'Prevnar 20',
    'COVID vaccine',
    'polio vaccine',
    'rabies vaccine',
    'Jynneos',
    'tetanus vaccine',
    'vaccine',
  ])('%s does not resolve to a live vaccine', (name) => {
    const r = curated.check([name, 'methotrexate']);
    const ids = r.resolutions[0].ingredients?.map((i) => i.id) ?? [];
    expect(ids.filter((id) => /vaccine|bcg/.test(id))).toEqual([]);
    expect(r.interactions.filter((f) => f.risks.includes('live-vaccine-infection'))).toEqual([]);
  });
});

describe('curated knowledge base: cytotoxic and biologic label interactions (wave 9b)', () => {
  it.each<[string, string, string, string]>([
    // Live vaccines during immunosuppressive therapy: the drug labels and the vaccine labels.
    ['MMR', 'cyclophosphamide', 'live-vaccines--cytotoxic-chemotherapy', 'major'],
    ['Varivax', 'carboplatin', 'live-vaccines--cytotoxic-chemotherapy', 'major'],
    ['yellow fever vaccine', 'Gemzar', 'live-vaccines--cytotoxic-chemotherapy', 'major'],
    ['BCG', 'bendamustine', 'live-vaccines--cytotoxic-chemotherapy', 'major'],
    ['Lonsurf', 'MMR', 'live-vaccines--cytotoxic-chemotherapy', 'major'],
    ['FluMist', 'azacitidine', 'live-vaccines--cytotoxic-chemotherapy', 'major'],
    ['fluorouracil', 'MMR', 'live-vaccines--fluorouracil', 'moderate'],
    ['rituximab', 'Varivax', 'live-vaccines--immunosuppressants', 'major'],
    ['Truxima', 'MMR', 'live-vaccines--immunosuppressants', 'major'],
    ['Ocrevus', 'Zostavax', 'live-vaccines--immunosuppressants', 'major'],
    ['Kesimpta', 'MMR', 'live-vaccines--immunosuppressants', 'major'],
    ['Humira', 'yellow fever vaccine', 'live-vaccines--immunosuppressants', 'major'],
    ['Xeljanz', 'Vivotif', 'live-vaccines--immunosuppressants', 'major'],
    ['methotrexate', 'MMR', 'live-vaccines--immunosuppressants', 'major'],
    ['tacrolimus', 'Varivax', 'live-vaccines--immunosuppressants', 'major'],
    ['Nulojix', 'MMR', 'live-vaccines--immunosuppressants', 'major'],
    ['Benlysta', 'MMR', 'live-vaccines--immunosuppressants', 'major'],
    ['Sylvant', 'MMR', 'live-vaccines--immunosuppressants', 'major'],
    ['Stelara', 'BCG', 'live-vaccines--cytokine-targeted-biologics', 'major'],
    ['Dupixent', 'MMR', 'live-vaccines--cytokine-targeted-biologics', 'major'],
    ['Skyrizi', 'Varivax', 'live-vaccines--cytokine-targeted-biologics', 'major'],
    ['Entyvio', 'MMR', 'live-vaccines--vedolizumab', 'moderate'],
    // Systemic corticosteroids: only immunosuppressive doses matter, and the engine does not see the dose.
    ['prednisone', 'MMR', 'live-vaccines--glucocorticoids-used-systemically', 'moderate'],
    ['dexamethasone', 'Varivax', 'live-vaccines--glucocorticoids-used-systemically', 'moderate'],
    // The vaccines' own labels.
    ['FluMist', 'aspirin', 'influenza-vaccine-live-intranasal--salicylates', 'major'],
    ['FluMist', 'Tamiflu', 'influenza-vaccine-live-intranasal--oseltamivir', 'moderate'],
    ['Varivax', 'aspirin', 'salicylate-label-varicella-vaccines--salicylates', 'moderate'],
    ['Varivax', 'acyclovir', 'varicella-containing-live-vaccines--herpes-nucleoside-antivirals', 'moderate'],
    ['Vivotif', 'ciprofloxacin', 'live-bacterial-vaccines--antibacterials', 'moderate'],
    ['Vaxchora', 'amoxicillin', 'live-bacterial-vaccines--antibacterials', 'moderate'],
    ['TICE BCG', 'isoniazid', 'live-bacterial-vaccines--antibacterials', 'moderate'],
    ['Vaxchora', 'chloroquine', 'cholera-vaccine-live-oral--chloroquine', 'moderate'],
    // Cytotoxic labels.
    ['Adcetris', 'bleomycin', 'brentuximab-vedotin--bleomycin', 'contraindicated'],
    ['Adcetris', 'ketoconazole', 'brentuximab-vedotin--strong-cyp3a4-inhibitors', 'moderate'],
    ['Alimta', 'ibuprofen', 'pemetrexed--nsaids', 'moderate'],
    ['Folotyn', 'probenecid', 'pralatrexate--pralatrexate-label-clearance-reducers', 'moderate'],
    ['Beleodaq', 'atazanavir', 'belinostat--atazanavir', 'major'],
    ['Ixempra', 'clarithromycin', 'ixabepilone--strong-cyp3a4-inhibitors', 'major'],
    ['Ixempra', 'rifampin', 'ixabepilone--strong-cyp3a4-inducers', 'major'],
    ['Zepzelca', 'diltiazem', 'lurbinectedin--cyp3a4-inhibitors', 'major'],
    ['Zepzelca', 'carbamazepine', 'lurbinectedin--strong-cyp3a4-inducers', 'major'],
    ['Tepadina', 'itraconazole', 'thiotepa--strong-cyp3a4-inhibitors', 'moderate'],
    ['Treanda', 'ciprofloxacin', 'bendamustine--cyp1a2-inhibitors', 'moderate'],
    ['carboplatin', 'gentamicin', 'carboplatin--aminoglycosides', 'moderate'],
    ['etoposide', 'cyclosporine', 'etoposide--cyclosporine', 'moderate'],
    ['melphalan', 'cyclosporine', 'melphalan--cyclosporine', 'moderate'],
    ['melphalan', 'nalidixic acid', 'melphalan--nalidixic-acid', 'moderate'],
    ['cyclophosphamide', 'succinylcholine', 'cyclophosphamide--succinylcholine', 'moderate'],
    ['cyclophosphamide', 'doxorubicin', 'cyclophosphamide--cyclophosphamide-label-cardiotoxic-drugs', 'moderate'],
    ['cyclophosphamide', 'Enbrel', 'cyclophosphamide--etanercept', 'major'],
    ['phenytoin', 'gemcitabine', 'hydantoins--other-cytotoxic-chemotherapy', 'moderate'],
    ['fosphenytoin', 'carboplatin', 'hydantoins--other-cytotoxic-chemotherapy', 'moderate'],
    ['phenytoin', 'cisplatin', 'hydantoins--cytotoxic-chemotherapy', 'moderate'],
    ['deferiprone', 'cytarabine', 'deferiprone--cytotoxic-chemotherapy', 'major'],
    ['chloramphenicol', 'cytarabine', 'chloramphenicol--cytotoxic-chemotherapy', 'major'],
    ['Synribo', 'warfarin', 'additive:bleeding', 'moderate'],
    ['Besponsa', 'ondansetron', 'additive:qt', 'moderate'],
    ['Clolar', 'gentamicin', 'additive:nephrotoxicity', 'moderate'],
    // Biologic and cytokine labels.
    ['Ilaris', 'Humira', 'il1-blockers-reviewed--tnf-blockers', 'major'],
    ['Arcalyst', 'etanercept', 'il1-blockers-reviewed--tnf-blockers', 'major'],
    ['Sylvant', 'warfarin', 'cytokine-blockers-cyp-normalising--narrow-margin-cyp-substrates', 'moderate'],
    ['Enspryng', 'cyclosporine', 'cytokine-blockers-cyp-normalising--narrow-margin-cyp-substrates', 'moderate'],
    ['Actemra', 'warfarin', 'cytokine-blockers-cyp-normalising--narrow-margin-cyp-substrates', 'moderate'],
    ['sarilumab', 'theophylline', 'cytokine-blockers-cyp-normalising--narrow-margin-cyp-substrates', 'moderate'],
    ['Pegasys', 'theophylline', 'alfa-interferons--methylxanthines', 'moderate'],
    ['peginterferon alfa-2b', 'zidovudine', 'alfa-interferons--zidovudine', 'moderate'],
    ['Proleukin', 'prednisone', 'aldesleukin--glucocorticoids-used-systemically', 'moderate'],
  ])('%s + %s: %s (%s)', (a, b, ruleId, severity) => {
    const r = curated.check([a, b]);
    expect(r.interactions.map((f) => [f.ruleId, f.severity])).toContainEqual([ruleId, severity]);
    // One finding per pair for the live-vaccine mechanism, whichever partner classes a drug sits in.
    expect(r.interactions.filter((f) => f.risks.includes('live-vaccine-infection')).length).toBeLessThanOrEqual(1);
  });

  // Left out on purpose: two live vaccines together; the trifluridine eye drop and mechlorethamine gel; inhaled or
  // gut-local budesonide; checkpoint inhibitors and anti-angiogenic antibodies (no live-vaccine statement); two
  // immunosuppressants the labels allow together; a standard doublet of cytotoxics.
  it.each<[string, string]>([
    ['MMR', 'Varivax'],
    ['Viroptic', 'MMR'],
    ['Valchlor', 'Varivax'],
    ['budesonide', 'MMR'],
    ['Yervoy', 'MMR'],
    ['Tecentriq', 'Varivax'],
    ['Avastin', 'MMR'],
    ['Eylea', 'MMR'],
    ['rituximab', 'methotrexate'],
    ['Stelara', 'methotrexate'],
    ['gemcitabine', 'cisplatin'],
    ['Simulect', 'tacrolimus'],
    ['Nulojix', 'mycophenolate mofetil'],
  ])('%s + %s: no major finding', (a, b) => {
    const r = curated.check([a, b]);
    expect(r.interactions.filter((f) => f.severity === 'major' || f.severity === 'contraindicated')).toEqual([]);
  });

  it.each<string>([
    'cyclophosphamide',
    'carboplatin',
    'cytarabine',
    'gemcitabine',
    'etoposide',
    'dacarbazine',
    'bleomycin',
    'chlorambucil',
    'melphalan',
    'bendamustine',
    'azacitidine',
    'decitabine',
    'dactinomycin',
    'lomustine',
    'thiotepa',
    'nelarabine',
    'clofarabine',
    'mitomycin',
    'pemetrexed',
    'Lonsurf',
    'Viroptic',
    'ixabepilone',
    'belinostat',
    'pralatrexate',
    'floxuridine',
    'Valchlor',
    'omacetaxine',
    'lurbinectedin',
    'asparaginase',
    'Rylaze',
    'pegaspargase',
    'Asparlas',
    'mitoxantrone',
    'topotecan',
    'thioguanine',
    'rituximab',
    'Truxima',
    'Riabni',
    'Ruxience',
    'obinutuzumab',
    'ofatumumab',
    'ocrelizumab',
    'alemtuzumab',
    'daratumumab',
    'elotuzumab',
    'blinatumomab',
    'brentuximab vedotin',
    'gemtuzumab ozogamicin',
    'inotuzumab ozogamicin',
    'ibritumomab tiuxetan',
    'ipilimumab',
    'atezolizumab',
    'durvalumab',
    'ramucirumab',
    'bevacizumab',
    'Mvasi',
    'Zirabev',
    'Alymsys',
    'panitumumab',
    'aflibercept',
    'Zaltrap',
    'ustekinumab',
    'secukinumab',
    'ixekizumab',
    'brodalumab',
    'guselkumab',
    'Skyrizi',
    'Ilumya',
    'tralokinumab',
    'vedolizumab',
    'belimumab',
    'canakinumab',
    'rilonacept',
    'siltuximab',
    'basiliximab',
    'belatacept',
    'satralizumab',
    'Uplizna',
    'Saphnelo',
    'Gamifant',
    'dupilumab',
    'aldesleukin',
    'interferon alfa-2b',
    'peginterferon alfa-2a',
    'peginterferon alfa-2b',
    'interferon beta-1a',
    'interferon beta-1b',
    'peginterferon beta-1a',
    'interferon gamma-1b',
    'denileukin diftitox',
    'MMR',
  ])('%s is reviewed: a check with it is complete', (drug) => {
    const r = curated.check([drug, 'simvastatin']);
    expect(r.resolutions[0].status).toBe('resolved');
    expect(r.summary.complete).toBe(true);
  });
});

describe('curated knowledge base: live vaccines after an immunosuppressant is stopped (wave 9b)', () => {
  const TODAY = '2026-11-26';
  const liveVaccineFindings = (stoppedOn: string, drug: string) =>
    curated
      .check(
        [
          { name: drug, stoppedOn },
          { name: 'MMR', proposed: true },
        ],
        { today: TODAY },
      )
      .interactions.filter((f) => f.risks.includes('live-vaccine-infection'));

  it.each<[string, string, number]>([
    // B-cell depleting antibodies: 180 days (ACIP: at least 6 months; labels: until B-cell recovery).
    ['rituximab', '2026-08-28', 1],
    ['rituximab', '2026-05-01', 0],
    ['Ocrevus', '2026-07-01', 1],
    // Fingolimod: 2 months; ozanimod: 3 months.
    ['fingolimod', '2026-10-15', 1],
    ['fingolimod', '2026-09-01', 0],
    ['Zeposia', '2026-09-15', 1],
    // Without a curated washout the default 14 days applies.
    ['Enbrel', '2026-11-20', 1],
    ['Enbrel', '2026-10-01', 0],
  ])('%s stopped on %s + MMR: %d live-vaccine finding(s)', (drug, stoppedOn, count) => {
    expect(liveVaccineFindings(stoppedOn, drug)).toHaveLength(count);
  });
});
