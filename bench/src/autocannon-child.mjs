// autocannon in its own process (so it can be pinned away from the servers): `node autocannon-child.mjs <optionsJson>`.
// Sends one IPC message: {rps, p50, p99, bad, total} or {error}.
//
// Percentiles come from every 2xx response time as autocannon measured it (float ms, from process.hrtime), not from
// autocannon's histogram, which rounds to whole milliseconds: at 10-15 ms one millisecond is a 7-10 % step, as large
// as the tolerances the KB comparison checks.
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2]);
let times = new Float64Array(1 << 16);
let n = 0;
const instance = autocannon(opts, (err, r) => {
  const msg = err ? { error: String(err) } : { rps: r.requests.average, ...percentiles(times.subarray(0, n)), bad: r.non2xx + r.errors + r.timeouts, total: r.requests.total };
  process.send(msg, () => process.exit(0));
});
instance.on('response', (_client, statusCode, _bytes, ms) => {
  if (statusCode < 200 || statusCode > 299) return;
  if (n === times.length) {
    const grown = new Float64Array(times.length * 2);
    grown.set(times);
    times = grown;
  }
  times[n++] = ms;
});

/** Nearest-rank p50 and p99 in ms. */
function percentiles(sample) {
  if (sample.length === 0) return { p50: 0, p99: 0 };
  const sorted = Float64Array.from(sample).sort();
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  return { p50: at(0.5), p99: at(0.99) };
}
