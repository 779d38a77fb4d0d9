import { Counter, type CounterConfiguration, Gauge, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds; from a cached key check (~0.1 ms) to a slow dependency. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface RequestSeries {
  labels: { method: string; route: string; status: string; code: string };
  count: number;
}

interface LatencySeries {
  method: string;
  route: string;
  /** Non-cumulative counts per bucket; the last slot is +Inf. */
  buckets: number[];
  sum: number;
  count: number;
}

const HISTOGRAM = 'vigil_http_request_duration_seconds';

/**
 * One app's Prometheus registry (prom-client): process and event-loop metrics, requests by route, status and error
 * code, latency histograms, and whatever the app's services register. The request path only bumps plain numbers in
 * a map entry (prom-client's own observe hashes its labels on every call, which showed in the key-pipeline
 * benchmark); the counts become prom-client samples, and the histogram text, at scrape time.
 */
export class VigilMetrics {
  readonly registry = new Registry();
  private readonly requests = new Map<string, RequestSeries>();
  private readonly latency = new Map<string, LatencySeries>();

  constructor(readonly service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    const requests = this.requests;
    new Counter({
      name: 'vigil_http_requests_total',
      help: 'HTTP responses by route template, method, status and problem+json error code ("" when none)',
      labelNames: ['method', 'route', 'status', 'code'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const r of requests.values()) this.inc(r.labels, r.count);
      },
    });
  }

  /** One finished response. `route` is the route template (`/v1/drugs/:id`), never the raw URL. */
  observeRequest(method: string, route: string, status: number, code: string, seconds: number): void {
    const key = `${method} ${route}`;
    const rkey = `${key} ${status} ${code}`;
    const r = this.requests.get(rkey);
    if (r) r.count++;
    else this.requests.set(rkey, { labels: { method, route, status: String(status), code }, count: 1 });
    let h = this.latency.get(key);
    if (!h) this.latency.set(key, (h = { method, route, buckets: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0), sum: 0, count: 0 }));
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]) i++;
    h.buckets[i]++;
    h.sum += seconds;
    h.count++;
  }

  /** The request-latency histogram in Prometheus text format (cumulative buckets, as the format requires). */
  private histogramText(): string {
    const lines = [`# HELP ${HISTOGRAM} Time from request received to response sent, by route template and method`, `# TYPE ${HISTOGRAM} histogram`];
    const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
    for (const h of this.latency.values()) {
      const base = `method="${esc(h.method)}",route="${esc(h.route)}"`;
      const svc = `service="${esc(this.service)}"`;
      let cumulative = 0;
      for (let i = 0; i <= LATENCY_BUCKETS.length; i++) {
        cumulative += h.buckets[i];
        const le = i < LATENCY_BUCKETS.length ? String(LATENCY_BUCKETS[i]) : '+Inf';
        lines.push(`${HISTOGRAM}_bucket{le="${le}",${base},${svc}} ${cumulative}`);
      }
      lines.push(`${HISTOGRAM}_sum{${base},${svc}} ${h.sum}`);
      lines.push(`${HISTOGRAM}_count{${base},${svc}} ${h.count}`);
    }
    return `${lines.join('\n')}\n`;
  }

  /** A gauge whose value(s) are read at scrape time. */
  gauge(name: string, help: string, labelNames: string[], read: (set: (labels: Record<string, string>, value: number) => void) => void): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        this.reset();
        read((labels, value) => this.set(labels, value));
      },
    });
  }

  /** A counter whose running totals live elsewhere (a service's own counters) and are read at scrape time. */
  counterFrom(name: string, help: string, labelNames: string[], read: (set: (labels: Record<string, string>, total: number) => void) => void): void {
    const config: CounterConfiguration<string> = {
      name,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        this.reset();
        read((labels, total) => this.inc(labels, total));
      },
    };
    new Counter(config);
  }

  async metrics(): Promise<string> {
    return (await this.registry.metrics()) + this.histogramText();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
