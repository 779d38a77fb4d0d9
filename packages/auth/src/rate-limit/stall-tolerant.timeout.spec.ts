import { withStallTolerantTimeout } from './stall-tolerant.timeout';

/** Holds this process's event loop, as a knowledge-base build does. */
function stall(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

describe('withStallTolerantTimeout', () => {
  it('passes the answer through', async () => {
    await expect(withStallTolerantTimeout(Promise.resolve(7), 200)).resolves.toBe(7);
  });

  it('passes a failure through as an Error', async () => {
    await expect(withStallTolerantTimeout(Promise.reject(new Error('refused')), 200)).rejects.toThrow('refused');
    await expect(withStallTolerantTimeout(Promise.reject(Object.assign(new Error('down'), { code: 'ECONNREFUSED' })), 200)).rejects.toThrow('down');
  });

  it('rejects a promise that never settles', async () => {
    await expect(withStallTolerantTimeout(new Promise(() => undefined), 200)).rejects.toThrow('no answer within 200 ms');
  });

  it('does not spend its budget on a stall: an answer sent only after the loop was held for longer than the budget still wins', async () => {
    // The command is written after the stall (the store batches on setImmediate) and answered a little later.
    const answer = new Promise<string>((resolve) => setImmediate(() => setTimeout(() => resolve('ok'), 20)));
    const guarded = withStallTolerantTimeout(answer, 200);
    stall(600);
    await expect(guarded).resolves.toBe('ok');
  });

  it('still times out after a stall when no answer comes', async () => {
    const guarded = withStallTolerantTimeout(new Promise(() => undefined), 200);
    stall(600);
    await expect(guarded).rejects.toThrow('no answer');
  });
});
