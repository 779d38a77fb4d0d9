import { createReceiver } from './receiver.mjs';

// WEBHOOK_SECRETS: the endpoint's secret (whsec_…), or during a rotation the old and the new, comma-separated.
const secrets = (process.env.WEBHOOK_SECRETS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
if (!secrets.length) {
  console.error('set WEBHOOK_SECRETS to the endpoint secret Vigil showed you (whsec_…)');
  process.exit(2);
}
const port = Number(process.env.PORT ?? 8787);

createReceiver({
  secrets,
  onEvent: (event, id) => {
    console.log(`${id} ${event.type} ${JSON.stringify(event.data)}`);
  },
}).listen(port, process.env.HOST ?? '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${port}/`));
