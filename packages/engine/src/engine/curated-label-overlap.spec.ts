import { CuratedCheckFixture } from '../../test/support/curated-check.fixture';

/**
 * When one perpetrator matches two label statements of one substrate (ceritinib: warfarin's CYP2C9 and CYP3A4
 * statements), the check gives one finding: the first statement by severity and id, the other folded in as its risk
 * tag and citation (`decidePair`). That is safe only while either statement's management suffices for the pair. The
 * substrates below were reviewed for it (same or equivalent advice in every overlapping statement); a substrate that
 * gains overlapping statements fails here until its statements are reviewed the same way, or a combined statement
 * (`also`) carries the combined advice.
 */
describe('curated knowledge base: overlapping label statements of one substrate', () => {
  const curated = new CuratedCheckFixture();

  it('only reviewed substrates have two statements matching one perpetrator', () => {
    const kb = curated.kb;
    const overlapping = new Set<string>();
    for (const ing of kb.ingredients) {
      const labels = kb.labelsAt(kb.indexOf(ing.id)!);
      if (labels.length < 2) continue;
      const seen = new Set<number>();
      for (const l of labels)
        for (const p of l.perpetrators) {
          if (seen.has(p)) overlapping.add(ing.id);
          seen.add(p);
        }
    }
    // tamsulosin: berotralstat matches its moderate-CYP3A4 and its CYP2D6 statements, both "use with caution".
    expect([...overlapping].sort()).toEqual(['dronabinol', 'erdafitinib', 'fexofenadine', 'naldemedine', 'tamsulosin', 'venetoclax', 'warfarin']);
  });
});
