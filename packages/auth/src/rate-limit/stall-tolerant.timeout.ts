/**
 * Rejects when `promise` has not settled after `ms` of time in which this process could have read the answer.
 *
 * A plain timer counts wall time, and a stalled event loop (a knowledge-base build and its compacting collection on
 * a loaded machine hold it for seconds) spends the whole budget at once: after the stall the expired timer runs
 * before a command that was only written, or only answered, late is read, and the call fails closed with 503 though
 * the store is healthy (seen in CI: kb-hot-swap under load). So the budget is spent in ticks, and a tick that comes
 * late is charged at most two tick lengths: time the loop was held does not count. The rejection itself waits for the
 * check phase (setImmediate), after the pending socket reads of that turn, so an answer that arrived wins.
 */
export function withStallTolerantTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  const tick = Math.max(1, Math.min(100, ms / 4));
  return new Promise<T>((resolve, reject) => {
    let done = false;
    let left = ms;
    let last = performance.now();
    let timer: NodeJS.Timeout;
    const onTick = (): void => {
      const now = performance.now();
      left -= Math.min(now - last, 2 * tick);
      last = now;
      if (left > 0) timer = setTimeout(onTick, tick);
      else
        setImmediate(() => {
          if (done) return;
          done = true;
          reject(new Error(`no answer within ${ms} ms`));
        });
    };
    timer = setTimeout(onTick, tick);
    promise.then(
      (v) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
