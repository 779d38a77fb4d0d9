// Inline SVG charts drawn here (no chart library): a sparkline for the keys table and a stacked daily bar
// chart by outcome for the usage page. Colours come from CSS classes, so the CSP needs no inline styles.
import { h, s } from './dom.js';
import { num } from './format.js';

export const OUTCOMES = [
  { key: 'allowed', label: 'Allowed' },
  { key: 'rateLimited', label: 'Rate-limited' },
  { key: 'denied', label: 'Denied' },
];

const total = (d) => d.allowed + d.rateLimited + d.denied;

/** A small line of daily totals (7 days in the keys table), with a title for the numbers. */
export function sparkline(daily, { width = 80, height = 24 } = {}) {
  const values = daily.map(total);
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? (width - 4) / (values.length - 1) : 0;
  const pts = values.map((v, i) => [2 + i * step, height - 2 - ((height - 4) * v) / max]);
  const sum = values.reduce((a, b) => a + b, 0);
  const label = `${num(sum)} requests in ${values.length} days: ${daily.map((d) => `${d.day.slice(5)} ${num(total(d))}`).join(', ')}`;
  const svg = s(
    'svg',
    { class: 'sparkline', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': label },
    s('title', null, label),
    s('polyline', { class: 'spark-area', points: [`2,${height - 2}`, ...pts.map((p) => p.join(',')), `${width - 2},${height - 2}`].join(' ') }),
    s('polyline', { class: 'spark-line', points: pts.map((p) => p.join(',')).join(' ') }),
    pts.length ? s('circle', { class: 'spark-dot', cx: pts.at(-1)[0], cy: pts.at(-1)[1], r: 2 }) : null,
  );
  return h('span', { class: 'sparkline-wrap' }, svg, h('span', { class: 'spark-total' }, num(sum)));
}

function niceMax(v) {
  if (v <= 5) return 5;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

/** Stacked bars per day (allowed, rate-limited, denied) with a y axis, date ticks, legend and data table. */
export function stackedBars(daily, { height = 220, title = 'Requests per day' } = {}) {
  const W = 760;
  const H = height;
  const pad = { l: 48, r: 8, t: 10, b: 26 };
  const innerW = W - pad.l - pad.r;
  const innerH = H - pad.t - pad.b;
  const max = niceMax(Math.max(0, ...daily.map(total)));
  const slot = innerW / Math.max(1, daily.length);
  const bw = Math.max(2, Math.min(28, slot * 0.7));
  const y = (v) => pad.t + innerH - (innerH * v) / max;
  const grid = [];
  for (let i = 0; i <= 4; i++) {
    const v = (max * i) / 4;
    grid.push(s('line', { class: 'grid', x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v) }));
    grid.push(s('text', { class: 'axis', x: pad.l - 6, y: y(v) + 4, 'text-anchor': 'end' }, num(v)));
  }
  const every = Math.ceil(daily.length / 10);
  const bars = daily.map((d, i) => {
    const x = pad.l + i * slot + (slot - bw) / 2;
    let base = 0;
    const segs = OUTCOMES.map((o) => {
      const v = d[o.key];
      if (!v) return null;
      const r = s('rect', { class: `bar bar-${o.key}`, x, y: y(base + v), width: bw, height: Math.max(1, y(base) - y(base + v)) });
      base += v;
      return r;
    });
    const tip = `${d.day}: ${OUTCOMES.map((o) => `${o.label.toLowerCase()} ${num(d[o.key])}`).join(', ')}`;
    return s(
      'g',
      { class: 'bar-group' },
      s('title', null, tip),
      s('rect', { class: 'bar-hit', x: pad.l + i * slot, y: pad.t, width: slot, height: innerH }),
      segs,
      i % every === 0 || i === daily.length - 1 ? s('text', { class: 'axis', x: x + bw / 2, y: H - 8, 'text-anchor': 'middle' }, d.day.slice(5)) : null,
    );
  });
  const svg = s(
    'svg',
    { class: 'chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': `${title}, stacked by outcome` },
    s('title', null, title),
    grid,
    s('line', { class: 'axis-line', x1: pad.l, x2: W - pad.r, y1: y(0), y2: y(0) }),
    bars,
  );
  return h('figure', { class: 'chart-figure' }, svg, legend(daily), dataTable(daily, title));
}

export function legend(daily) {
  const sums = Object.fromEntries(OUTCOMES.map((o) => [o.key, daily.reduce((a, d) => a + d[o.key], 0)]));
  return h(
    'figcaption',
    { class: 'legend' },
    OUTCOMES.map((o) => h('span', { class: 'legend-item' }, h('span', { class: `swatch swatch-${o.key}` }), `${o.label} `, h('strong', null, num(sums[o.key])))),
  );
}

function dataTable(daily, title) {
  return h(
    'details',
    { class: 'chart-data' },
    h('summary', null, 'Show the numbers'),
    h(
      'table',
      { class: 'table compact' },
      h('caption', { class: 'sr-only' }, title),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', null, 'Day (UTC)'),
          OUTCOMES.map((o) => h('th', { class: 'num' }, o.label)),
        ),
      ),
      h(
        'tbody',
        null,
        daily.map((d) =>
          h(
            'tr',
            null,
            h('td', null, d.day),
            OUTCOMES.map((o) => h('td', { class: 'num' }, num(d[o.key]))),
          ),
        ),
      ),
    ),
  );
}

/** A horizontal meter for the monthly quota. */
export function meter(used, quota) {
  const ratio = quota ? Math.min(1, used / quota) : 0;
  const tone = ratio >= 0.9 ? 'bad' : ratio >= 0.7 ? 'warn' : 'ok';
  return s(
    'svg',
    { class: `meter meter-${tone}`, viewBox: '0 0 400 12', preserveAspectRatio: 'none', role: 'img', 'aria-label': `${Math.round(ratio * 100)}% of the monthly quota used` },
    s('rect', { class: 'meter-track', x: 0, y: 0, width: 400, height: 12, rx: 6 }),
    s('rect', { class: 'meter-fill', x: 0, y: 0, width: Math.max(ratio > 0 ? 6 : 0, 400 * ratio), height: 12, rx: 6 }),
  );
}
