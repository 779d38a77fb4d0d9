// The CDS Hooks override report as a table, shared by the account's "Alert feedback" page and the operator's.
import { h } from './dom.js';
import { num, percent } from './format.js';
import { emptyState, table } from './ui.js';

export const OVERRIDE_RANGES = [7, 30, 90, 365];

export const rate = (accepted, overridden) => (accepted + overridden ? percent(overridden, accepted + overridden) : '—');

/** Accepted, overridden and the override rate over the whole window. */
export function overrideTotals(t) {
  const stat = (label, value) => h('div', { class: 'stat' }, h('span', { class: 'stat-label' }, label), h('strong', { class: 'stat-value' }, value));
  return h(
    'div',
    { class: 'stats', dataset: { testid: 'override-totals' } },
    stat('Cards accepted', num(t.accepted)),
    stat('Cards overridden', num(t.overridden)),
    stat('Override rate', rate(t.accepted, t.overridden)),
  );
}

function reason(r) {
  if (!r.topReason) return h('span', { class: 'muted' }, '—');
  return r.topReasonDisplay ? [r.topReasonDisplay, h('div', { class: 'muted small mono' }, r.topReason)] : h('code', null, r.topReason);
}

/** One row per rule (and per account when `account` renders the account cell), most overridden first. */
export function overrideTable(rows, { account } = {}) {
  const headers = [
    ...(account ? ['Account'] : []),
    'Rule',
    { label: 'Accepted', class: 'num' },
    { label: 'Overridden', class: 'num' },
    { label: 'Override rate', class: 'num' },
    'Top override reason',
  ];
  return table(
    headers,
    rows.map((r) =>
      h(
        'tr',
        { dataset: { testid: 'override-row', rule: r.ruleId || '' } },
        account ? h('td', null, account(r)) : null,
        h('td', null, r.ruleId ? h('code', null, r.ruleId) : h('span', { class: 'muted', title: 'Feedback on a card uuid Vigil did not issue' }, 'unknown card')),
        h('td', { class: 'num' }, num(r.accepted)),
        h('td', { class: 'num' }, num(r.overridden)),
        h('td', { class: 'num' }, rate(r.accepted, r.overridden)),
        h('td', null, reason(r)),
      ),
    ),
    { testid: 'override-table' },
  );
}

export function noFeedback(days) {
  return h(
    'div',
    { dataset: { testid: 'override-empty' } },
    emptyState(
      'No feedback yet',
      `No CDS Hooks card feedback in the last ${days} days. When your EHR reports what clinicians did with Vigil’s cards (POST /cds-services/{id}/feedback), each rule’s accepted and overridden counts appear here.`,
    ),
  );
}

export function truncatedNote(rows) {
  return h('p', { class: 'muted small card-pad' }, `Showing the ${num(rows.length)} most overridden rows; the totals count everything.`);
}
