import { fixtureKb } from '../../test-fixtures/fixture-kb';
import { DrugResolver } from './drug-resolver';
import { ResolutionBudget } from './resolution.budget';

describe('ResolutionBudget', () => {
  it.each<[string, { scansPerInput: number; scansPerRequest: number }, number[], boolean[]]>([
    ['per input: the third scan of one input is refused', { scansPerInput: 2, scansPerRequest: 10 }, [3], [true, true, false]],
    ['per request: the budget runs out across inputs', { scansPerInput: 5, scansPerRequest: 3 }, [2, 2], [true, true, true, false]],
    ['a new input gets its own allowance within the request', { scansPerInput: 1, scansPerRequest: 5 }, [2, 1], [true, false, true]],
  ])('%s', (_title, limits, scansPerInput, expected) => {
    const b = new ResolutionBudget({ ...limits, combinationParts: 8, correctedParts: 2, correctableLength: 48 });
    const got: boolean[] = [];
    for (const n of scansPerInput) {
      b.startInput();
      for (let i = 0; i < n; i++) got.push(b.trySpendScan('warfrin'));
    }
    expect(got).toEqual(expected);
  });

  it('refuses a key too long to be a misspelt name, without spending', () => {
    const b = new ResolutionBudget();
    b.startInput();
    expect(b.trySpendScan('x'.repeat(49))).toBe(false);
    expect(b.scansUsed).toBe(0);
    expect(b.refusedThisInput).toBe(true);
  });
});

describe('DrugResolver work budget', () => {
  const kb = fixtureKb();

  it.each<[string, string, RegExp]>([
    ['28 nonsense parts joined by "/"', Array.from({ length: 28 }, (_, i) => `qzx${String.fromCharCode(97 + (i % 26))}vk`).join('/'), /28 parts .* more than 8/],
    ['three parts that are not drug names', 'warfarin/qzxvkw/plmqrt/zzkvwq', /3 of its 4 parts are not drug names/],
    ['a 600-letter name', 'q'.repeat(600), /too long/],
  ])('%s is unresolved with a reason and no index scan', (_title, input, reason) => {
    const r = new DrugResolver(kb);
    const res = r.resolveAll([input]);
    expect(res[0].status).toBe('unresolved');
    expect(res[0].reason).toMatch(reason);
  });

  it('keeps correcting typos in real combinations', () => {
    const [res] = new DrugResolver(kb).resolveAll(['warfrin/aspirin']);
    expect(res.status).toBe('resolved');
    expect(res.ingredients.map((i) => i.id).sort()).toEqual(['aspirin', 'warfarin']);
  });

  it('past the request budget later typos are unresolved with the reason, and the cut-short answer is not remembered', () => {
    const r = new DrugResolver(kb, { limits: { scansPerRequest: 1 } });
    const res = r.resolveAll(['warfrin', 'warfrin sodum', 'atorvastatn']);
    expect(res[0].status).toBe('resolved');
    expect(res[2].status).toBe('unresolved');
    expect(res[2].reason).toMatch(/spelling-correction budget is spent/);
    // A fresh request has a fresh budget: the same name is corrected (no memo of the budget-limited result).
    expect(r.resolveAll(['atorvastatn'])[0].status).toBe('resolved');
  });
});
