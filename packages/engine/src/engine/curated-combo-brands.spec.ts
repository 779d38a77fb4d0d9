import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';
import { compactKey } from '../text/name.normalizer';
import { boundedOsaDistance } from '../text/string-distance';

const KNOWLEDGE = join(__dirname, '..', '..', '..', '..', 'knowledge');
const GENERATED = join(KNOWLEDGE, 'products', 'fda-rx-combinations.yaml');

/**
 * Combination brands (issue #11 items 6-7): the generated knowledge/products/fda-rx-combinations.yaml (Drugs@FDA
 * prescription combinations, packages/kb-import/src/tools/fda-combinations.cli.ts) and the hand-written products.yaml
 * resolve to their ingredients, and a check through the brand finds what the ingredients do. Brands the generator
 * skipped as look-alikes of another drug's name stay unresolved rather than becoming that drug or a product.
 */
describe('curated knowledge base: combination brands', () => {
  const curated = new CuratedCheckFixture();
  const resolver = curated.engine.resolverFor(curated.kb);
  const idsOf = (name: string) => {
    const r = resolver.resolve(name);
    return { status: r.status, method: r.method, ids: r.ingredients.map((i) => i.id).sort() };
  };

  it.each<[string, string[]]>([
    // Generated from Drugs@FDA.
    ['Avycaz', ['avibactam', 'ceftazidime']],
    ['Zerbaxa', ['ceftolozane', 'tazobactam']],
    ['Recarbrio', ['cilastatin', 'imipenem', 'relebactam']],
    ['Orkambi', ['ivacaftor', 'lumacaftor']],
    ['Triumeq PD', ['abacavir', 'dolutegravir', 'lamivudine']],
    ['Inqovi', ['cedazuridine', 'decitabine']],
    ['Seglentis', ['celecoxib', 'tramadol']],
    ['Nextstellis', ['drospirenone', 'estetrol']],
    ['Migergot', ['caffeine', 'ergotamine']],
    ['ORKAMBI 200MG/125MG', ['ivacaftor', 'lumacaftor']],
    // Hand-written in products.yaml.
    ['Biktarvy', ['bictegravir', 'emtricitabine', 'tenofovir-alafenamide']],
    ['Entresto', ['sacubitril', 'valsartan']],
    ['Genvoya', ['cobicistat', 'elvitegravir', 'emtricitabine', 'tenofovir-alafenamide']],
    ['Janumet', ['metformin', 'sitagliptin']],
    // Wave 12: the CFTR modulator combinations once filed as one names-only "drug" per string.
    ['Symdeko', ['ivacaftor', 'tezacaftor']],
    ['Trikafta', ['elexacaftor', 'ivacaftor', 'tezacaftor']],
  ])('%s resolves to %j', (brand, ids) => {
    expect(idsOf(brand)).toEqual({ status: 'resolved', method: 'brand', ids });
  });

  it.each<[string, string, string, string]>([
    // Orkambi: lumacaftor is a strong CYP3A inducer (label 7: avoid sensitive CYP3A substrates, immunosuppressants).
    ['Orkambi', 'midazolam', 'cyp3a4-strong-inducer--sensitive-substrate', 'major'],
    ['Orkambi', 'sirolimus', 'strong-cyp3a4-inducers--cyp3a4-immunosuppressants', 'major'],
    // Migergot: ergotamine with a strong CYP3A4 inhibitor (boxed warning).
    ['Migergot', 'clarithromycin', 'ergot-alkaloids--strong-cyp3a4-inhibitors', 'contraindicated'],
    // Seglentis: its tramadol with an SSRI.
    ['Seglentis', 'sertraline', 'tramadol--sertraline', 'moderate'],
  ])('%s + %s → %s (%s)', (a, b, ruleId, severity) => {
    curated.expectFinding(a, b, ruleId, severity);
  });

  it('answers Trikafta with a strong CYP3A inducer once: the same label statement for all three ingredients', () => {
    const r = curated.check(['Trikafta', 'rifampin']);
    expect(r.interactions.map((f) => [f.ruleId, f.severity])).toEqual([['ivacaftor--strong-cyp3a4-inducers', 'major']]);
    expect(r.interactions[0].participants.map((p) => p.ingredientId).sort()).toEqual(['elexacaftor', 'ivacaftor', 'rifampin', 'tezacaftor']);
    expect(r.summary.complete).toBe(true);
  });

  it('reads a Drugs@FDA component list as one substance: menotropins, not "menotropins (fsh" and "lh)"', () => {
    expect(idsOf('Menopur').ids).toEqual(['menotropins']);
    expect(curated.kb.ingredients.some((i) => /[()]/.test(i.name) && !/\(.*\)/.test(i.name))).toBe(false);
  });

  it('answers through a brand with a names-only ingredient, and says the check is incomplete', () => {
    // Recarbrio's imipenem lowers valproate levels (carbapenem labels); relebactam is known by name only.
    const r = curated.check(['Recarbrio', 'valproic acid']);
    expect(r.interactions.map((f) => [f.ruleId, f.severity])).toContainEqual(['carbapenems--valproate', 'major']);
    expect(r.summary.complete).toBe(false);
  });

  // Drugs@FDA combination brands the generator skipped as spelling neighbours of another drug's name: they are not
  // products, and the resolver does not correct them into the look-alike either.
  it.each([
    ['Primaxin', 'primaquine ("primachin")'],
    ['Procalamine', 'promethazine ("proazamine")'],
    ['Septocaine', 'ketocaine (DrugBank)'],
    ['Benzamycin', 'gentamicin ("gentamycin")'],
  ])('%s (a look-alike of %s) is not created', (brand) => {
    expect(curated.kb.products.some((p) => compactKey(p.name) === compactKey(brand))).toBe(false);
    expect(idsOf(brand).status).toBe('unresolved');
  });

  it('generates no brand within spelling-correction distance of another drug', () => {
    const generated = [...readFileSync(GENERATED, 'utf8').matchAll(/^- name: (.*)$/gm)].map((m) => {
      const t = m[1].trim();
      return t.startsWith('"') ? (JSON.parse(t) as string) : t;
    });
    expect(generated.length).toBeGreaterThan(50);
    const setOf = (ids: readonly string[]) => [...ids].sort().join('+');
    const owners = new Map<string, Set<string>>();
    const own = (name: string, owner: string) => {
      const k = compactKey(name);
      owners.set(k, new Set([...(owners.get(k) ?? []), owner]));
    };
    for (const i of curated.kb.ingredients) for (const n of [i.id, i.name, ...i.synonyms, ...i.salts, ...i.brands]) own(n, i.id);
    for (const p of curated.kb.products) own(p.name, setOf(p.ingredients));
    const otherNames = readFileSync(join(KNOWLEDGE, 'other-names.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'));
    expect(otherNames.length).toBeGreaterThan(500);
    for (const n of otherNames) own(n, `other:${n}`);
    const close: string[] = [];
    for (const brand of generated) {
      const key = compactKey(brand);
      const product = curated.kb.products.find((p) => compactKey(p.name) === key);
      const self = product ? setOf(product.ingredients) : '';
      for (const [name, set] of owners) {
        const d = boundedOsaDistance(key, name, 2);
        const near = d <= 1 || (d === 2 && Math.max(key.length, name.length) > 8);
        if (near && [...set].some((o) => o !== self)) close.push(`${brand} ~ ${name} (${[...set].join(', ')})`);
      }
    }
    expect(close).toEqual([]);
  });
});
