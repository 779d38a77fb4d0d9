import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

/** Largest body accepted: Vigil's events are a few hundred bytes. */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * A Vigil webhook receiver. Each request is verified with the endpoint's secret(s) before anything else reads it:
 * the `standardwebhooks` library checks the HMAC-SHA256 signature over `webhook-id.webhook-timestamp.body` (any one of
 * the space-separated `v1,` signatures may match, so a secret rotation needs no downtime) and refuses a timestamp more
 * than 5 minutes away from now (a replayed old delivery). A verified event id seen before is acknowledged and not
 * handled again (Vigil retries until it gets a 2xx).
 *
 * @param {{ secrets: string[], onEvent: (event: { type: string, timestamp: string, data: object }, id: string) => void | Promise<void>, seenLimit?: number }} options
 */
export function createReceiver({ secrets, onEvent, seenLimit = 10_000 }) {
  if (!secrets.length) throw new Error('give at least one whsec_ secret');
  const verifiers = secrets.map((s) => new Webhook(s));
  const seen = new Set();

  return createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let event;
      for (const verifier of verifiers) {
        try {
          event = verifier.verify(body, req.headers);
          break;
        } catch {
          // try the next secret
        }
      }
      if (!event) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid signature or stale timestamp\n');
        return;
      }
      const id = req.headers['webhook-id'];
      if (seen.has(id)) {
        res.writeHead(200).end();
        return;
      }
      try {
        await onEvent(event, id);
      } catch (error) {
        console.error(`handling ${id} failed: ${error.message}`);
        res.writeHead(500).end(); // Vigil will retry
        return;
      }
      seen.add(id);
      if (seen.size > seenLimit) seen.delete(seen.values().next().value);
      res.writeHead(204).end();
    });
  });
}
