import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { createReceiver } from '../receiver.mjs';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const rotated = `whsec_${randomBytes(32).toString('base64')}`;
const handled = [];
let server;
let url;

// Signed as Vigil signs (node:crypto, independent of the library the receiver verifies with).
const sign = (s, id, ts, body) =>
  `v1,${createHmac('sha256', Buffer.from(s.slice(6), 'base64'))
    .update(`${id}.${ts}.${body}`)
    .digest('base64')}`;
const post = (body, { id = `msg_${randomBytes(8).toString('hex')}`, ts = Math.floor(Date.now() / 1000), secrets = [secret] } = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': secrets.map((s) => sign(s, id, ts, body)).join(' ') },
    body,
  });
const event = JSON.stringify({ type: 'key.created', timestamp: new Date().toISOString(), data: { keyId: 'k1', hint: 'vigil_…abcd' } });

before(async () => {
  server = createReceiver({ secrets: [secret], onEvent: (e, id) => handled.push([id, e.type]) });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${server.address().port}/`;
});
after(() => server.close());

test('accepts a correctly signed, fresh event once per id', async () => {
  assert.equal((await post(event, { id: 'msg_once' })).status, 204);
  assert.equal((await post(event, { id: 'msg_once' })).status, 200);
  assert.deepEqual(
    handled.filter(([id]) => id === 'msg_once'),
    [['msg_once', 'key.created']],
  );
});

test('accepts during a rotation when one of two signatures is its secret', async () => {
  assert.equal((await post(event, { secrets: [rotated, secret] })).status, 204);
});

test('refuses a tampered body, a wrong secret and a stale or future timestamp', async () => {
  const id = 'msg_bad';
  const ts = Math.floor(Date.now() / 1000);
  const tampered = await fetch(url, {
    method: 'POST',
    headers: { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': sign(secret, id, ts, event) },
    body: event.replace('key.created', 'key.revoked'),
  });
  assert.equal(tampered.status, 400);
  assert.equal((await post(event, { secrets: [rotated] })).status, 400);
  assert.equal((await post(event, { ts: Math.floor(Date.now() / 1000) - 10 * 60 })).status, 400);
  assert.equal((await post(event, { ts: Math.floor(Date.now() / 1000) + 10 * 60 })).status, 400);
  assert.equal(handled.filter(([i]) => i === id).length, 0);
});
