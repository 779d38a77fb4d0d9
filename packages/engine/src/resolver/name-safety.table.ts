/**
 * Name facts the resolver applies before (or instead of) its own matching, because getting them wrong hurts people.
 * Every target is written as a knowledge-base NAME (generic, synonym or salt), looked up at resolution time: a
 * knowledge base that lacks a name simply does not use that entry. Keys are compact keys (letters and digits).
 * These are names, never interaction content.
 */

/** A family of drugs written as one word ("insulin", "estrogen", "steroid"): never a single substance. */
export interface FamilyName {
  /** What the family is, for the reason text. */
  label: string;
  /** Knowledge-base classes whose members belong to the family. */
  classes?: readonly string[];
  /** Knowledge-base names of further members (or of all members, when no class fits). */
  names?: readonly string[];
}

/**
 * Family names prescribers and patients write. They come back ambiguous with the family's members as suggestions,
 * never as one member and never spelling-corrected into another substance ("insulin" is not inulin). Checked before
 * exact names, because a merged source may list the family word as a substance of its own.
 */
export const FAMILY_NAMES: Readonly<Record<string, FamilyName>> = {
  insulin: { label: 'insulins', classes: ['insulins'] },
  insulins: { label: 'insulins', classes: ['insulins'] },
  estrogen: { label: 'estrogens', classes: ['estrogens'] },
  estrogens: { label: 'estrogens', classes: ['estrogens'] },
  oestrogen: { label: 'estrogens', classes: ['estrogens'] },
  oestrogens: { label: 'estrogens', classes: ['estrogens'] },
  hrt: { label: 'menopausal hormone therapy', classes: ['menopausal-estrogens'] },
  vitamind: { label: 'vitamin D', names: ['cholecalciferol', 'ergocalciferol', 'calcitriol', 'calcifediol', 'doxercalciferol', 'paricalcitol'] },
  vitd: { label: 'vitamin D', names: ['cholecalciferol', 'ergocalciferol', 'calcitriol', 'calcifediol', 'doxercalciferol', 'paricalcitol'] },
  steroid: { label: 'corticosteroids', classes: ['systemic-corticosteroids'] },
  steroids: { label: 'corticosteroids', classes: ['systemic-corticosteroids'] },
  corticosteroid: { label: 'corticosteroids', classes: ['corticosteroids'] },
  nsaid: { label: 'NSAIDs', classes: ['nsaids'] },
  nsaids: { label: 'NSAIDs', classes: ['nsaids'] },
  statin: { label: 'statins', classes: ['statins'] },
  penicillin: { label: 'penicillins', classes: ['penicillins'], names: ['penicillin V', 'penicillin G'] },
  penicillins: { label: 'penicillins', classes: ['penicillins'], names: ['penicillin V', 'penicillin G'] },
  pcn: { label: 'penicillins', classes: ['penicillins'], names: ['penicillin V', 'penicillin G'] },
  birthcontrol: { label: 'hormonal contraceptives', classes: ['hormonal-contraceptives'] },
  birthcontrolpill: { label: 'hormonal contraceptives', classes: ['hormonal-contraceptives'] },
  ocp: { label: 'hormonal contraceptives', classes: ['hormonal-contraceptives'] },
  oralcontraceptive: { label: 'hormonal contraceptives', classes: ['hormonal-contraceptives'] },
  bloodthinner: { label: 'anticoagulants', classes: ['anticoagulants'] },
  waterpill: { label: 'diuretics', classes: ['thiazide-diuretics', 'loop-diuretics', 'potassium-sparing-diuretics'] },
  diuretic: { label: 'diuretics', classes: ['thiazide-diuretics', 'loop-diuretics', 'potassium-sparing-diuretics'] },
  betablocker: { label: 'beta-blockers', classes: ['beta-blockers'] },
  aceinhibitor: { label: 'ACE inhibitors', classes: ['ace-inhibitors'] },
  ppi: { label: 'proton-pump inhibitors', classes: ['ppis'] },
  ssri: { label: 'SSRIs', classes: ['ssris'] },
  snri: { label: 'SNRIs', classes: ['snris'] },
  benzo: { label: 'benzodiazepines', classes: ['benzodiazepines'] },
  benzodiazepine: { label: 'benzodiazepines', classes: ['benzodiazepines'] },
  opioid: { label: 'opioids', classes: ['opioids'] },
  narcotic: { label: 'opioids', classes: ['opioids'] },
  // Two prodrugs with different interactions (TAF is lowered by P-gp inducers; TDF raises didanosine).
  tenofovir: { label: 'tenofovir prodrugs (disoproxil or alafenamide)', names: ['tenofovir disoproxil', 'tenofovir alafenamide'] },
  antacid: { label: 'antacids', names: ['calcium carbonate', 'magnesium hydroxide', 'aluminum hydroxide', 'sodium bicarbonate'] },
};

/**
 * Pharmacy abbreviations and other names of a substance that the knowledge base does not list itself
 * ("MSO4" is morphine sulfate, "FeSO4" ferrous sulfate). Only unambiguous, drug-only abbreviations: the ones ISMP lists
 * as error-prone because they name two drugs ("AZA" azathioprine or azacitidine, "TAC", "CSA") are left out on purpose.
 */
export const ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  mso4: ['morphine sulfate'],
  ms04: ['morphine sulfate'],
  msir: ['morphine sulfate'],
  feso4: ['ferrous sulfate'],
  fesulfate: ['ferrous sulfate'],
  fegluconate: ['ferrous gluconate'],
  babyaspirin: ['aspirin'],
  lowdoseaspirin: ['aspirin'],
  fes04: ['ferrous sulfate'],
  mgo: ['magnesium oxide'],
  mgoxide: ['magnesium oxide'],
  mgso4: ['magnesium sulfate'],
  mg04: ['magnesium oxide'],
  mom: ['magnesium hydroxide'],
  milkofmagnesia: ['magnesium hydroxide'],
  b12: ['cyanocobalamin'],
  vitb12: ['cyanocobalamin'],
  vitaminb12: ['cyanocobalamin'],
  d3: ['cholecalciferol'],
  vitd3: ['cholecalciferol'],
  d2: ['ergocalciferol'],
  vitd2: ['ergocalciferol'],
  ntg: ['nitroglycerin'],
  hctz: ['hydrochlorothiazide'],
  apap: ['acetaminophen'],
  asa: ['aspirin'],
  ecasa: ['aspirin'],
  kcl: ['potassium chloride'],
  mtx: ['methotrexate'],
  '5fu': ['fluorouracil'],
  inh: ['isoniazid'],
  ismn: ['isosorbide mononitrate'],
  isdn: ['isosorbide dinitrate'],
  hcq: ['hydroxychloroquine'],
  '6mp': ['mercaptopurine'],
  '5asa': ['mesalamine'],
  ptu: ['propylthiouracil'],
  pza: ['pyrazinamide'],
  emb: ['ethambutol'],
  cbz: ['carbamazepine'],
  pht: ['phenytoin'],
  nahco3: ['sodium bicarbonate'],
  caco3: ['calcium carbonate'],
  nph: ['insulin isophane'],
  // Combinations written as abbreviated pairs ("amox/clav", "pip-tazo").
  amoxclav: ['amoxicillin', 'clavulanate'],
  amoxiclav: ['amoxicillin', 'clavulanate'],
  piptazo: ['piperacillin', 'tazobactam'],
  piptaz: ['piperacillin', 'tazobactam'],
  // The DrugBank vocabulary's name of the racemic form of vitamin E.
  dlalphatocopherol: ['vitamin E'],
  dlalphatocopherylacetate: ['vitamin E'],
  penicillinvk: ['penicillin V'],
  peng: ['penicillin G'],
  pcng: ['penicillin G'],
  benzylpenicillin: ['penicillin G'],
  benzylpenicillinpotassium: ['penicillin G'],
  benzathinebenzylpenicillin: ['penicillin G'],
  procainebenzylpenicillin: ['penicillin G'],
  benzathinepenicillin: ['penicillin G'],
  procainepenicillin: ['penicillin G'],
  penicillingbenzathine: ['penicillin G'],
  penicillingprocaine: ['penicillin G'],
};

/**
 * Brands whose product changed ingredient, or that cover several different products. `current`: what the name
 * alone means today (resolved to it). `options`: the name is ambiguous between these (suggested, not resolved).
 */
export interface BrandChange {
  current?: readonly string[];
  options?: readonly string[];
  note: string;
}

const ZANTAC_NOTE = 'Zantac 360 (since 2021) is famotidine; the original Zantac was ranitidine, withdrawn in 2020';
const DULCOLAX_NOTE = 'the Dulcolax name covers bisacodyl laxatives, a docusate stool softener and a magnesium hydroxide liquid';
const UNISOM_NOTE = 'Unisom SleepTabs are doxylamine; Unisom SleepGels and SleepMinis are diphenhydramine';
const MIDOL_NOTE = 'Midol products contain ibuprofen, naproxen, or acetaminophen with other ingredients';
const ANTACID_NOTE = 'sold as aluminium/magnesium hydroxide liquids and as calcium carbonate chewables';

export const BRAND_CHANGES: Readonly<Record<string, BrandChange>> = {
  zantac: { options: ['famotidine', 'ranitidine'], note: ZANTAC_NOTE },
  zantac360: { current: ['famotidine'], note: ZANTAC_NOTE },
  zantac360maximum: { current: ['famotidine'], note: ZANTAC_NOTE },
  zantac360original: { current: ['famotidine'], note: ZANTAC_NOTE },
  dulcolax: { options: ['bisacodyl', 'docusate', 'magnesium hydroxide'], note: DULCOLAX_NOTE },
  dulcolaxstoolsoftener: { current: ['docusate'], note: DULCOLAX_NOTE },
  dulcolaxlaxative: { current: ['bisacodyl'], note: DULCOLAX_NOTE },
  dulcolaxliquid: { current: ['magnesium hydroxide'], note: DULCOLAX_NOTE },
  unisom: { options: ['doxylamine', 'diphenhydramine'], note: UNISOM_NOTE },
  unisomsleeptabs: { current: ['doxylamine'], note: UNISOM_NOTE },
  unisomsleepgels: { current: ['diphenhydramine'], note: UNISOM_NOTE },
  unisomsleepminis: { current: ['diphenhydramine'], note: UNISOM_NOTE },
  midol: { options: ['ibuprofen', 'naproxen', 'acetaminophen'], note: MIDOL_NOTE },
  maalox: { options: ['aluminum hydroxide', 'magnesium hydroxide', 'calcium carbonate'], note: `Maalox is ${ANTACID_NOTE}` },
  mylanta: { options: ['aluminum hydroxide', 'magnesium hydroxide', 'calcium carbonate'], note: `Mylanta is ${ANTACID_NOTE}` },
  pepto: { current: ['bismuth subsalicylate'], note: 'Pepto-Bismol is bismuth subsalicylate' },
};

/**
 * Look-alike/sound-alike names (ISMP list of confused drug names and the pairs named in issue 11): a spelling is
 * never corrected onto one of them when it is also close to another of its group, and an exact name of the group
 * never gets another member as a suggestion. Names as written; members need not be in the knowledge base.
 */
export const LOOK_ALIKE_GROUPS: readonly (readonly string[])[] = [
  ['hydroxyzine', 'hydralazine', 'hydroxyurea'],
  ['hydromorphone', 'morphine'],
  ['oxycodone', 'hydrocodone', 'oxymorphone'],
  ['OxyContin', 'MS Contin'],
  ['clonidine', 'Klonopin', 'clonazepam', 'clozapine'],
  ['clonazepam', 'lorazepam', 'alprazolam'],
  ['Celebrex', 'Celexa', 'Cerebyx'],
  ['Zyprexa', 'Zyrtec', 'Zestril', 'Zetia'],
  ['Lamictal', 'Lamisil'],
  ['tramadol', 'trazodone', 'Toradol'],
  ['metformin', 'metronidazole'],
  ['Zantac', 'Xanax', 'Zyrtec'],
  ['bupropion', 'buspirone'],
  ['carbamazepine', 'oxcarbazepine'],
  ['chlorpromazine', 'chlorpropamide'],
  ['clomiphene', 'clomipramine'],
  ['cyclosporine', 'cycloserine'],
  ['dobutamine', 'dopamine'],
  ['glipizide', 'glyburide'],
  ['sitagliptin', 'sumatriptan'],
  ['risperidone', 'ropinirole'],
  ['sulfasalazine', 'sulfadiazine'],
  ['tiagabine', 'tizanidine'],
  ['tolazamide', 'tolbutamide'],
  ['vinblastine', 'vincristine'],
  ['Adderall', 'Inderal'],
  ['Paxil', 'Plavix', 'Taxol'],
  ['Lasix', 'Luvox'],
  ['Keppra', 'Kaletra'],
  ['Actos', 'Actonel'],
  ['Flomax', 'Fosamax'],
  ['Humalog', 'Humulin', 'Novolog', 'Novolin'],
  ['Lantus', 'Latuda'],
  ['Levemir', 'Lovenox'],
  ['Januvia', 'Jantoven'],
  ['Prilosec', 'Prozac', 'Prinivil'],
  ['Seroquel', 'Sinequan', 'Serzone'],
  ['Tegretol', 'Trental'],
  ['Topamax', 'Toprol XL'],
  ['methadone', 'methylphenidate'],
  ['prednisone', 'prednisolone'],
  ['quinine', 'quinidine'],
  ['ranitidine', 'rimantadine'],
  ['ephedrine', 'epinephrine'],
  ['fentanyl', 'sufentanil'],
  ['isotretinoin', 'tretinoin'],
  ['nicardipine', 'nifedipine', 'nimodipine'],
  ['guaifenesin', 'guanfacine'],
  ['buprenorphine', 'butorphanol'],
  ['desipramine', 'disopyramide'],
  ['doxorubicin', 'daunorubicin'],
  ['pentobarbital', 'phenobarbital'],
  ['azathioprine', 'azacitidine'],
  ['carboplatin', 'cisplatin'],
  ['Brilinta', 'Brintellix'],
  ['Xeljanz', 'Xeloda'],
  ['folic acid', 'folinic acid', 'leucovorin'],
  ['penicillin', 'penicillamine'],
  ['inulin', 'insulin'],
];
