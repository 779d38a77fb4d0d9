import type { IncomingMessage } from 'node:http';
import { requestIdFor } from './request-id';

const req = (headers: Record<string, string> = {}) => ({ headers }) as unknown as IncomingMessage;

describe('requestIdFor', () => {
  it('keeps a safe incoming x-request-id', () => {
    expect(requestIdFor(req({ 'x-request-id': 'abc-123.X_y:z' }))).toBe('abc-123.X_y:z');
  });

  it.each([['has spaces'], ['<script>'], ['x'.repeat(129)], ['line\nbreak']])('replaces an unsafe id %j with a UUID', (value) => {
    expect(requestIdFor(req({ 'x-request-id': value }))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('generates once per request and memoises', () => {
    const r = req();
    const first = requestIdFor(r);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(r)).toBe(first);
    expect(requestIdFor(req())).not.toBe(first);
  });
});
