// Inline SVG charts drawn here (no chart library): a sparkline for the keys table and a stacked daily bar chart, by
// outcome (the usage pages) or by any other series (projects on the organisation page). Colours come from CSS classes,
// so the CSP needs no inline styles.
import { h, mount, s } from './dom.js';
import { num } from './format.js';

export const OUTCOMES = [
  { key: 'allowed', label: 'Allowed' },
  { key: 'rateLimited', label: 'Rate-limited' },
  { key: 'denied', label: 'Denied' },
];

/** Colour classes for series that are not outcomes (`bar-s0`…, `swatch-s0`…); the last one is for "Other". */
export const SERIES_TONES = ['s0', 's1', 's2', 's3', 's4', 'other'];

const total = (d) => d.allowed + d.rateLimited + d.denied;
const sumOf = (d, series) => series.reduce((n, o) => n + (d[o.key] || 0), 0);
const toneOf = (o) => o.tone || o.key;

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

/**
 * Y-axis ticks for request counts: whole numbers only (1, 2, 5, 10, 20, 25, 50… apart), at most five, the top one
 * at or above the largest bar.
 */
export function countTicks(maxValue) {
  const raw = Math.max(1, maxValue) / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 2.5, 5, 10].map((m) => Math.round(m * p * 1e6) / 1e6).find((v) => v >= raw && Number.isInteger(v)) ?? 1);
  const top = step * Math.max(1, Math.ceil(maxValue / step));
  const ticks = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  return ticks;
}

/** The width the chart will get, before it is in the page: a little under the content column's, at most 760. */
function guessWidth() {
  const main = document.getElementById('main');
  const w = (main ? main.clientWidth : document.documentElement.clientWidth) - 80;
  return Math.max(240, Math.min(760, w));
}

/**
 * Stacked bars per day with a y axis, date ticks, legend and data table (the text alternative). `series` names the
 * stacked parts, each `{key, label, tone?}` read as `day[key]`: by default the outcomes (allowed, rate-limited,
 * denied); `stackedBy` says what they are for the chart's label. The SVG is drawn for the width it is shown at (and
 * redrawn when that changes), so its labels are 11 px on a phone as on a laptop instead of shrinking with the picture.
 */
export function stackedBars(daily, { height = 220, title = 'Requests per day', series = OUTCOMES, stackedBy = 'outcome' } = {}) {
  const svg = s('svg', { class: 'chart', role: 'img', 'aria-label': `${title}, stacked by ${stackedBy}` });
  let drawnWidth = 0;
  const draw = (W) => {
    drawnWidth = W;
    const H = height;
    const pad = { l: 48, r: 8, t: 10, b: 26 };
    const innerW = W - pad.l - pad.r;
    const innerH = H - pad.t - pad.b;
    const ticks = countTicks(Math.max(0, ...daily.map((d) => sumOf(d, series))));
    const max = ticks.at(-1);
    const slot = innerW / Math.max(1, daily.length);
    const bw = Math.max(2, Math.min(28, slot * 0.7));
    const y = (v) => pad.t + innerH - (innerH * v) / max;
    const grid = ticks.flatMap((v) => [
      s('line', { class: 'grid', x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v) }),
      s('text', { class: 'axis axis-y', x: pad.l - 6, y: y(v) + 4, 'text-anchor': 'end' }, num(v)),
    ]);
    // Date labels ("11-25", about 40 px at 11 px) far enough apart not to overlap.
    const every = Math.max(1, Math.ceil(daily.length / Math.max(1, Math.floor(innerW / 44))));
    const bars = daily.map((d, i) => {
      const x = pad.l + i * slot + (slot - bw) / 2;
      let base = 0;
      const segs = series.map((o) => {
        const v = d[o.key];
        if (!v) return null;
        const r = s('rect', { class: `bar bar-${toneOf(o)}`, x, y: y(base + v), width: bw, height: Math.max(1, y(base) - y(base + v)) });
        base += v;
        return r;
      });
      const tip = `${d.day}: ${series.map((o) => `${stackedBy === 'outcome' ? o.label.toLowerCase() : o.label} ${num(d[o.key])}`).join(', ')}`;
      const last = i === daily.length - 1;
      const labelled = last || (i % every === 0 && daily.length - 1 - i >= every);
      return s(
        'g',
        { class: 'bar-group' },
        s('title', null, tip),
        s('rect', { class: 'bar-hit', x: pad.l + i * slot, y: pad.t, width: slot, height: innerH }),
        segs,
        labelled ? s('text', { class: 'axis axis-x', x: x + bw / 2, y: H - 8, 'text-anchor': last ? 'end' : 'middle' }, d.day.slice(5)) : null,
      );
    });
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    mount(svg, s('title', null, title), grid, s('line', { class: 'axis-line', x1: pad.l, x2: W - pad.r, y1: y(0), y2: y(0) }), bars);
  };
  draw(guessWidth());
  const figure = h('figure', { class: 'chart-figure' }, svg, legend(daily, series), dataTable(daily, title, series));
  if (typeof ResizeObserver === 'function') {
    new ResizeObserver((entries) => {
      const w = Math.floor(entries[0].contentRect.width);
      if (w > 0 && Math.abs(w - drawnWidth) > 1) draw(w);
    }).observe(figure);
  }
  return figure;
}

export function legend(daily, series = OUTCOMES) {
  const sums = Object.fromEntries(series.map((o) => [o.key, daily.reduce((a, d) => a + (d[o.key] || 0), 0)]));
  return h(
    'figcaption',
    { class: 'legend' },
    series.map((o) => h('span', { class: 'legend-item' }, h('span', { class: `swatch swatch-${toneOf(o)}` }), `${o.label} `, h('strong', null, num(sums[o.key])))),
  );
}

function dataTable(daily, title, series) {
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
          series.map((o) => h('th', { class: 'num' }, o.label)),
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
            series.map((o) => h('td', { class: 'num' }, num(d[o.key] || 0))),
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

/** A neutral horizontal bar: `part` of `whole` (a share of calls, not a limit). */
export function shareBar(part, whole, label) {
  const ratio = whole ? Math.min(1, part / whole) : 0;
  return s(
    'svg',
    { class: 'meter meter-ok', viewBox: '0 0 400 12', preserveAspectRatio: 'none', role: 'img', 'aria-label': label },
    s('rect', { class: 'meter-track', x: 0, y: 0, width: 400, height: 12, rx: 6 }),
    s('rect', { class: 'meter-fill', x: 0, y: 0, width: Math.max(ratio > 0 ? 6 : 0, 400 * ratio), height: 12, rx: 6 }),
  );
}
