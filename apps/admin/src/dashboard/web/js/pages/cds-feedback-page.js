// Alert feedback: what clinicians did with Vigil's CDS Hooks cards (accepted or overridden), per rule, with the most
// frequent override reason, for the signed-in account.
import { get } from '../api.js';
import { h } from '../dom.js';
import { date } from '../format.js';
import { OVERRIDE_RANGES, noFeedback, overrideTable, overrideTotals, truncatedNote } from '../override-report.js';
import { pageHeader } from '../ui.js';

export async function renderCdsFeedback(ctx) {
  const days = OVERRIDE_RANGES.includes(Number(ctx.query.get('days'))) ? Number(ctx.query.get('days')) : 30;
  const r = await get(`/api/cds/overrides?days=${days}`);
  const range = h(
    'div',
    { class: 'segmented', role: 'group', 'aria-label': 'Range' },
    OVERRIDE_RANGES.map((d) =>
      h('a', { href: `#/cds-feedback?days=${d}`, class: `seg${d === days ? ' active' : ''}`, 'aria-current': d === days ? 'true' : undefined }, `${d} days`),
    ),
  );
  return h(
    'div',
    null,
    pageHeader('Alert feedback', 'What clinicians did with Vigil’s CDS Hooks cards, per interaction rule: a high override rate marks an alert worth reviewing.', range),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'fb-totals' },
      h('div', { class: 'card-head' }, h('h2', { id: 'fb-totals' }, 'All rules'), h('span', { class: 'muted' }, `since ${date(r.since)} (UTC)`)),
      overrideTotals(r.totals),
    ),
    h(
      'section',
      { class: `card${r.rows.length ? ' card-flush' : ''}`, 'aria-labelledby': 'fb-rules' },
      h('h2', { id: 'fb-rules', class: r.rows.length ? 'card-pad' : undefined }, 'Per rule'),
      r.rows.length ? [overrideTable(r.rows), r.truncated ? truncatedNote(r.rows) : null] : noFeedback(days),
    ),
  );
}
