// The usage split by tag (calls that sent an x-vigil-tag header, each with its share of all allowed calls), shared by
// the personal usage page and the organisation's usage card.
import { shareBar } from './charts.js';
import { h } from './dom.js';
import { num, percent } from './format.js';
import { table } from './ui.js';

/** The tags table with an "(untagged)" row, or a hint when no call in the range carried a tag. */
export function tagTable(tags, untaggedAllowed, allowedTotal) {
  if (!tags.length) {
    return h('p', { class: 'muted small' }, 'No tagged calls in this range. Send an x-vigil-tag header (e.g. pharmacy-module) to see your usage split by module.');
  }
  return table(
    ['Tag', { label: 'Allowed', class: 'num' }, { label: 'Rate-limited', class: 'num' }, 'Share of allowed'],
    [
      ...tags.map((x) =>
        h(
          'tr',
          { dataset: { testid: 'usage-tag-row' } },
          h('td', null, h('code', null, x.tag)),
          h('td', { class: 'num' }, num(x.allowed)),
          h('td', { class: 'num' }, num(x.rateLimited)),
          h('td', null, shareBar(x.allowed, allowedTotal, `${x.tag}: ${percent(x.allowed, allowedTotal)} of allowed calls`), ' ', percent(x.allowed, allowedTotal)),
        ),
      ),
      h(
        'tr',
        null,
        h('td', { class: 'muted' }, '(untagged)'),
        h('td', { class: 'num' }, num(untaggedAllowed)),
        h('td', { class: 'num' }, '—'),
        h('td', null, percent(untaggedAllowed, allowedTotal)),
      ),
    ],
    { testid: 'usage-tags-table' },
  );
}
