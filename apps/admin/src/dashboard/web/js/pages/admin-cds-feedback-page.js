// Internal admin: CDS Hooks card feedback across accounts, per rule or per account and rule, optionally one account.
import { get, query } from '../api.js';
import { h } from '../dom.js';
import { date } from '../format.js';
import { OVERRIDE_RANGES, noFeedback, overrideTable, overrideTotals, truncatedNote } from '../override-report.js';
import { pageHeader } from '../ui.js';

const GROUPINGS = [
  ['rule', 'Per rule'],
  ['account', 'Per account'],
];

export async function renderAdminCdsFeedback(ctx) {
  const by = ctx.query.get('by') === 'account' ? 'account' : 'rule';
  const days = OVERRIDE_RANGES.includes(Number(ctx.query.get('days'))) ? Number(ctx.query.get('days')) : 30;
  const accountId = ctx.query.get('accountId') || undefined;
  const r = await get(`/api/admin/cds/overrides${query({ by, days, accountId })}`);
  const link = (o) => `#/admin/cds-feedback${query({ by, days, accountId, ...o })}`;
  const segmented = (label, items, current, key) =>
    h(
      'div',
      { class: 'segmented', role: 'group', 'aria-label': label },
      items.map(([value, text]) =>
        h('a', { href: link({ [key]: value }), class: `seg${value === current ? ' active' : ''}`, 'aria-current': value === current ? 'true' : undefined }, text),
      ),
    );
  const account = (row) =>
    row.accountId
      ? h('a', { href: link({ by: 'account', accountId: row.accountId }), title: 'Only this account' }, row.accountEmail || row.accountId)
      : h('span', { class: 'muted' }, '—');
  const only = accountId
    ? h(
        'p',
        { class: 'muted', dataset: { testid: 'override-account-filter' } },
        'Only account ',
        h('code', null, (r.rows[0] && r.rows[0].accountEmail) || accountId),
        ' · ',
        h('a', { href: link({ accountId: '' }) }, 'all accounts'),
      )
    : null;
  return h(
    'div',
    null,
    pageHeader(
      'Override report',
      'CDS Hooks card feedback from every account: which interaction rules clinicians override, and why.',
      segmented('Grouping', GROUPINGS, by, 'by'),
      segmented(
        'Range',
        OVERRIDE_RANGES.map((d) => [d, `${d} days`]),
        days,
        'days',
      ),
    ),
    only,
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'afb-totals' },
      h('div', { class: 'card-head' }, h('h2', { id: 'afb-totals' }, accountId ? 'This account' : 'All accounts'), h('span', { class: 'muted' }, `since ${date(r.since)} (UTC)`)),
      overrideTotals(r.totals),
    ),
    h(
      'section',
      { class: `card${r.rows.length ? ' card-flush' : ''}`, 'aria-labelledby': 'afb-rows' },
      h('h2', { id: 'afb-rows', class: r.rows.length ? 'card-pad' : undefined }, by === 'account' ? 'Per account and rule' : 'Per rule'),
      r.rows.length ? [overrideTable(r.rows, { account: by === 'account' ? account : undefined }), r.truncated ? truncatedNote(r.rows) : null] : noFeedback(days),
    ),
  );
}
