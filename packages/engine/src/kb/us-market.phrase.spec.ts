import { usMarketPhrase } from './us-market.phrase';

describe('usMarketPhrase', () => {
  const cite = [{ source: 'fda-label', title: 't' }];
  it.each<[string, Parameters<typeof usMarketPhrase>[0], string]>([
    [
      'withdrawn with year and reason',
      { ingredientId: 'cisapride', name: 'cisapride', status: 'withdrawn', year: 2000, reason: 'QT prolongation', citations: cite },
      'cisapride: withdrawn in 2000 (QT prolongation)',
    ],
    ['discontinued with a year', { ingredientId: 'x', name: 'x', status: 'discontinued', year: 2011, citations: cite }, 'x: discontinued in 2011'],
    ['discontinued without a year', { ingredientId: 'y', name: 'y', status: 'discontinued', citations: cite }, 'y: discontinued'],
  ])('%s', (_, m, phrase) => {
    expect(usMarketPhrase(m)).toBe(phrase);
  });
});
