import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { RedisWindowStorage } from './redis-window.storage';

/** Against the real Redis (REDIS_URL, default the local server), like production. */
describe('RedisWindowStorage', () => {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const clients: Redis[] = [];
  const client = () => {
    const c = new Redis(url, { enableAutoPipelining: true, maxRetriesPerRequest: 1 });
    clients.push(c);
    return c;
  };
  afterAll(() => clients.forEach((c) => c.disconnect()));

  it('admits the first calls of one turn up to the limit, in arrival order, and counts only those', async () => {
    const redis = client();
    const storage = new RedisWindowStorage(redis, `test:${randomUUID()}:`);
    const results = await Promise.all(Array.from({ length: 30 }, () => storage.increment('k', 60_000, 10)));
    expect(results.filter((r) => !r.isBlocked).map((r) => r.totalHits)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(results.slice(10).every((r) => r.isBlocked && r.totalHits === 10 && r.timeToBlockExpire >= 1)).toBe(true);
    // Rejected calls cost nothing: the stored count is the limit, not 30.
    const more = await storage.increment('k', 60_000, 10);
    expect(more).toMatchObject({ isBlocked: true, totalHits: 10 });
  });

  it('keeps keys and limits apart within one turn', async () => {
    const storage = new RedisWindowStorage(client(), `test:${randomUUID()}:`);
    const [a1, b1, a2, c1] = await Promise.all([
      storage.increment('a', 60_000, 1),
      storage.increment('b', 60_000, 5),
      storage.increment('a', 60_000, 1),
      storage.increment('a', 60_000, 3),
    ]);
    expect([a1.isBlocked, a1.totalHits, b1.isBlocked, b1.totalHits, a2.isBlocked]).toEqual([false, 1, false, 1, true]);
    // The same key under a higher limit (changed mid-turn) sees the calls already counted.
    expect(c1).toMatchObject({ isBlocked: false, totalHits: 2 });
  });

  it('is atomic across instances: two clients sharing a limit admit exactly the limit', async () => {
    const ns = `test:${randomUUID()}:`;
    const one = new RedisWindowStorage(client(), ns);
    const two = new RedisWindowStorage(client(), ns);
    const calls = Array.from({ length: 60 }, (_, i) => (i % 2 ? one : two).increment('shared', 60_000, 37));
    const results = await Promise.all(calls);
    expect(results.filter((r) => !r.isBlocked)).toHaveLength(37);
    expect(new Set(results.filter((r) => !r.isBlocked).map((r) => r.totalHits)).size).toBe(37);
  });

  it('starts a new window when the old one expires', async () => {
    const storage = new RedisWindowStorage(client(), `test:${randomUUID()}:`);
    expect((await storage.increment('w', 300, 1)).isBlocked).toBe(false);
    expect((await storage.increment('w', 300, 1)).isBlocked).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    expect(await storage.increment('w', 300, 1)).toMatchObject({ isBlocked: false, totalHits: 1 });
  });

  it('rejects every waiting call when Redis cannot answer', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: true, retryStrategy: () => null });
    clients.push(down);
    const storage = new RedisWindowStorage(down, 'test:');
    const results = await Promise.allSettled([storage.increment('x', 1000, 5), storage.increment('x', 1000, 5)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
