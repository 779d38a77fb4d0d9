// autocannon in its own process (so it can be pinned away from the servers): `node autocannon-child.mjs <optionsJson>`.
// Sends one IPC message: {rps, p50, p99, bad, total} or {error}.
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2]);
autocannon(opts, (err, r) => {
  const msg = err
    ? { error: String(err) }
    : { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts, total: r.requests.total };
  process.send(msg, () => process.exit(0));
});
