import { BuildGarbageCollector } from './build-garbage.collector';

describe('BuildGarbageCollector', () => {
  it('collects garbage without --expose-gc on the command line', () => {
    // ~60 MB of objects that die at once, like a parsed release document.
    let garbage: unknown[] | null = Array.from({ length: 300_000 }, (_, i) => ({ id: `rule-${i}`, texts: [`summary ${i}`, `mechanism ${i}`], n: i }));
    expect(garbage.length).toBe(300_000);
    garbage = null;
    const r = BuildGarbageCollector.collect();
    expect(r).not.toBeNull();
    expect(r!.afterMb).toBeLessThan(r!.beforeMb - 20);
    expect(r!.ms).toBeGreaterThanOrEqual(0);
  });
});
