import type { ExecutionContext } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { ApiKeyAuthGuard } from './api-key-auth.guard';
import type { ApiKeyStatusGuard } from './api-key-status.guard';
import type { IpAllowlistGuard } from './ip-allowlist.guard';
import { KeyPipelineGuard } from './key-pipeline.guard';
import type { KeyRateLimitGuard } from './key-rate-limit.guard';
import type { ScopesGuard } from './scopes.guard';

type Answer = boolean | 'resolve-true' | 'resolve-false' | 'reject' | 'throw';

/** Five steps that answer as told and record the order they ran in. */
function pipeline(answers: Answer[]) {
  const ran: number[] = [];
  const step = (i: number) => () => {
    ran.push(i + 1);
    const a = answers[i];
    if (a === 'throw') throw new Error(`step ${i + 1} refused`);
    if (a === 'reject') return Promise.reject(new Error(`step ${i + 1} refused later`));
    if (a === 'resolve-true' || a === 'resolve-false') return Promise.resolve(a === 'resolve-true');
    return a;
  };
  const guard = new KeyPipelineGuard(
    { canActivate: step(0) } as unknown as ApiKeyAuthGuard,
    { canActivate: step(1) } as unknown as ApiKeyStatusGuard,
    { canActivate: step(2) } as unknown as IpAllowlistGuard,
    { canActivate: step(3) } as unknown as ScopesGuard,
    { canActivate: step(4) } as unknown as KeyRateLimitGuard,
  );
  return { guard, ran };
}

const ctx = (): ExecutionContext => new ExecutionContextHost([{ headers: {} }, {}]);

describe('KeyPipelineGuard', () => {
  it.each<[string, Answer[], boolean, number[]]>([
    ['all five allow, synchronously', [true, true, true, true, true], true, [1, 2, 3, 4, 5]],
    ['a step that refuses stops the rest', [true, true, false, true, true], false, [1, 2, 3]],
    ['the first step refusing runs nothing else', [false, true, true, true, true], false, [1]],
  ])('%s: answers without a promise', (_name, answers, expected, order) => {
    const { guard, ran } = pipeline(answers);
    const result = guard.canActivate(ctx());
    expect(result).toBe(expected);
    expect(ran).toEqual(order);
  });

  it.each<[string, Answer[], boolean, number[]]>([
    ['step 1 asynchronous (key not cached), the rest synchronous', ['resolve-true', true, true, true, true], true, [1, 2, 3, 4, 5]],
    ['step 5 asynchronous (shared counter)', [true, true, true, true, 'resolve-true'], true, [1, 2, 3, 4, 5]],
    ['an asynchronous refusal stops the rest', ['resolve-false', true, true, true, true], false, [1]],
    ['two asynchronous steps', ['resolve-true', true, true, true, 'resolve-false'], false, [1, 2, 3, 4, 5]],
  ])('%s: continues in order after a promise', async (_name, answers, expected, order) => {
    const { guard, ran } = pipeline(answers);
    const result = guard.canActivate(ctx());
    expect(result).toBeInstanceOf(Promise);
    await expect(result).resolves.toBe(expected);
    expect(ran).toEqual(order);
  });

  it('a step that throws (a problem) ends the pipeline with that error, synchronously or not', async () => {
    const sync = pipeline([true, 'throw', true, true, true]);
    expect(() => sync.guard.canActivate(ctx())).toThrow('step 2 refused');
    expect(sync.ran).toEqual([1, 2]);
    const later = pipeline(['resolve-true', true, true, 'reject', true]);
    await expect(later.guard.canActivate(ctx())).rejects.toThrow('step 4 refused later');
    expect(later.ran).toEqual([1, 2, 3, 4]);
  });
});
