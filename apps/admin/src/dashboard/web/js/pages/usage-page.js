// Usage: requests per day by outcome, in total and per key, and the monthly quota.
import { get } from '../api.js';
import { meter, stackedBars } from '../charts.js';
import { h } from '../dom.js';
import { date, num, percent, planLabel } from '../format.js';
import { emptyState, pageHeader, statusBadge } from '../ui.js';
import { tagTable } from '../usage-tags.js';

const RANGES = [7, 30, 90];

export async function renderUsage(ctx) {
  const days = RANGES.includes(Number(ctx.query.get('days'))) ? Number(ctx.query.get('days')) : 30;
  const usage = await get(`/api/usage?days=${days}`);
  const range = h(
    'div',
    { class: 'segmented', role: 'group', 'aria-label': 'Range' },
    RANGES.map((d) => h('a', { href: `#/usage?days=${d}`, class: `seg${d === days ? ' active' : ''}`, 'aria-current': d === days ? 'true' : undefined }, `${d} days`)),
  );
  const m = usage.month;
  const quota = h(
    'section',
    { class: 'card', dataset: { testid: 'quota' } },
    h(
      'div',
      { class: 'card-head' },
      h('h2', null, 'This month'),
      h(
        'span',
        { class: 'muted', dataset: { testid: 'usage-plan' } },
        `since ${date(m.start)} (UTC) · ${m.plan.id === ctx.app.me.plan.id ? planLabel(ctx.app.me) : `${m.plan.name} plan`}`,
      ),
    ),
    h('p', { class: 'big-number' }, num(m.used), h('span', { class: 'muted' }, ` of ${num(m.quota)} requests`), h('span', { class: 'pct' }, percent(m.used, m.quota))),
    meter(m.used, m.quota),
    h('p', { class: 'muted small' }, `${num(m.remaining)} left. Allowed requests count toward the quota; rate-limited and denied ones do not.`),
  );
  const t = usage.totals;
  const totals = h(
    'section',
    { class: 'card' },
    h('div', { class: 'card-head' }, h('h2', null, 'All keys'), h('span', { class: 'muted' }, `${date(usage.from)} – ${date(usage.to)} (UTC)`)),
    h('div', { class: 'stats' }, stat('Allowed', t.allowed, 'allowed'), stat('Rate-limited', t.rateLimited, 'rateLimited'), stat('Denied', t.denied, 'denied')),
    stackedBars(usage.daily, { title: 'Requests per day, all keys' }),
  );
  const perKey = usage.keys.length
    ? usage.keys.map((k) =>
        h(
          'section',
          { class: 'card', dataset: { testid: 'key-usage' } },
          h(
            'div',
            { class: 'card-head' },
            h('h3', null, k.label, ' ', h('code', { class: 'hint' }, k.hint), ' ', statusBadge(k.status)),
            h('span', { class: 'muted' }, `${num(k.totals.allowed)} allowed · ${num(k.totals.rateLimited)} rate-limited · ${num(k.totals.denied)} denied`),
          ),
          stackedBars(k.daily, { height: 150, title: `Requests per day, ${k.label}` }),
        ),
      )
    : [h('section', { class: 'card' }, emptyState('No keys', 'Create a key to see its traffic here.'))];
  // Usage split by module: calls that sent an x-vigil-tag header, each with its share of all allowed calls.
  const byTag = h(
    'section',
    { class: 'card', dataset: { testid: 'usage-tags' } },
    h('div', { class: 'card-head' }, h('h2', null, 'By usage tag'), h('span', { class: 'muted' }, 'the x-vigil-tag request header')),
    tagTable(usage.tags, usage.untaggedAllowed, t.allowed),
  );
  return h(
    'div',
    null,
    pageHeader('Usage', 'Requests per UTC day by outcome. Counts reach this page within seconds.', range),
    quota,
    totals,
    byTag,
    h('h2', { class: 'section-title' }, 'Per key'),
    perKey,
  );
}

function stat(label, value, key) {
  return h('div', { class: 'stat' }, h('span', { class: `swatch swatch-${key}` }), h('span', { class: 'stat-label' }, label), h('strong', { class: 'stat-value' }, num(value)));
}
