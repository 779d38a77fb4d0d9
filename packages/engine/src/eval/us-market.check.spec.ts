import { fixtureDoc } from '../../test-fixtures/fixture-kb';
import { KnowledgeBase } from '../kb/knowledge-base';
import { UsMarketCheck } from './us-market.check';

describe('US market-status facts against Drugs@FDA', () => {
  const doc = fixtureDoc();
  const cite = [{ source: 'drugs-at-fda', title: 'fixture' }];
  const marks: Record<string, 'withdrawn' | 'discontinued'> = { warfarin: 'discontinued', ibuprofen: 'discontinued', fluconazole: 'withdrawn', naproxen: 'discontinued' };
  doc.ingredients = doc.ingredients.map((i) =>
    marks[i.id] ? { ...i, usMarket: { status: marks[i.id], ...(marks[i.id] === 'withdrawn' ? { year: 2020, reason: 'r' } : {}), citations: cite } } : i,
  );
  const kb = new KnowledgeBase(doc);
  const ids = (name: string) => (kb.ingredient(name.split(' ')[0].toLowerCase()) ? [name.split(' ')[0].toLowerCase()] : []);
  const lookup = [
    { id: '1', description: 'Prescription' },
    { id: '2', description: 'Over-the-counter' },
    { id: '3', description: 'Discontinued' },
  ];
  const product = (applNo: string, productNo: string, ingredient: string) => ({ applNo, productNo, drugName: ingredient.toUpperCase(), activeIngredient: ingredient });
  const products = [
    product('000001', '001', 'WARFARIN SODIUM'),
    product('000002', '001', 'IBUPROFEN'),
    product('000002', '002', 'IBUPROFEN'),
    product('000003', '001', 'FLUCONAZOLE'),
    product('000004', '001', 'IBUPROFEN; FAMOTIDINE'),
  ];
  const statuses = [
    { marketingStatusId: '3', applNo: '000001', productNo: '001' },
    { marketingStatusId: '3', applNo: '000002', productNo: '001' },
    { marketingStatusId: '3', applNo: '000002', productNo: '002' },
    { marketingStatusId: '1', applNo: '000003', productNo: '001' },
    { marketingStatusId: '2', applNo: '000004', productNo: '001' },
  ];

  it('flags a discontinued drug still marketed (here through a combination), reports withdrawn drugs still listed and drugs it cannot see', () => {
    const r = new UsMarketCheck(kb, ids).run(products, statuses, lookup);
    expect(r.facts).toBe(4);
    expect(r.contradicted).toEqual([{ ingredientId: 'ibuprofen', status: 'discontinued', marketed: ['IBUPROFEN; FAMOTIDINE (000004)'] }]);
    expect(r.withdrawnStillListed).toEqual([{ ingredientId: 'fluconazole', status: 'withdrawn', marketed: ['FLUCONAZOLE (000003)'] }]);
    expect(r.notInDrugsAtFda).toEqual(['naproxen']);
  });

  it('passes when every product of a discontinued drug is discontinued', () => {
    const r = new UsMarketCheck(kb, ids).run(products.slice(0, 4), statuses.slice(0, 4), lookup);
    expect(r.contradicted).toEqual([]);
  });
});
