// Internal admin: the audit log with filters (actor, action, target, time range), and a check of every audit chain.
import { get, query } from '../api.js';
import { h, mount } from '../dom.js';
import { dateTime } from '../format.js';
import { badge, button, emptyState, errorBox, pageHeader, table } from '../ui.js';

const PAGE = 50;

/** datetime-local (UTC wall clock) ↔ ISO. */
const toIso = (local) => (local ? new Date(`${local}:00Z`).toISOString() : '');
const toLocal = (iso) => (iso ? new Date(iso).toISOString().slice(0, 16) : '');

/** An id with what it identifies in words ("request id 5f0c…"), never a bare UUID. */
function labelledId(label, id) {
  return h('div', { class: 'muted small id-line' }, `${label} `, h('span', { class: 'mono' }, id));
}

export async function renderAdminAudit(ctx) {
  const f = {
    actor: ctx.query.get('actor') || '',
    action: ctx.query.get('action') || '',
    target: ctx.query.get('target') || '',
    from: ctx.query.get('from') || '',
    to: ctx.query.get('to') || '',
  };
  const offset = Math.max(0, Number(ctx.query.get('offset')) || 0);
  const inputs = {
    actor: h('input', { name: 'actor', value: f.actor, placeholder: 'email, account id or cli', 'aria-label': 'Actor' }),
    action: h('input', { name: 'action', value: f.action, placeholder: 'key, key.revoke, account.suspend…', 'aria-label': 'Action' }),
    target: h('input', { name: 'target', value: f.target, placeholder: 'target id or type', 'aria-label': 'Target' }),
    from: h('input', { type: 'datetime-local', name: 'from', value: toLocal(f.from), 'aria-label': 'From (UTC)' }),
    to: h('input', { type: 'datetime-local', name: 'to', value: toLocal(f.to), 'aria-label': 'To (UTC)' }),
  };
  const form = h(
    'form',
    {
      class: 'filters',
      onsubmit: (e) => {
        e.preventDefault();
        ctx.navigate(
          `admin/audit${query({ actor: inputs.actor.value.trim(), action: inputs.action.value.trim(), target: inputs.target.value.trim(), from: toIso(inputs.from.value), to: toIso(inputs.to.value) })}`,
        );
      },
    },
    ['actor', 'action', 'target'].map((k) => h('label', { class: 'filter' }, h('span', null, k[0].toUpperCase() + k.slice(1)), inputs[k])),
    h('label', { class: 'filter' }, h('span', null, 'From (UTC)'), inputs.from),
    h('label', { class: 'filter' }, h('span', null, 'To (UTC)'), inputs.to),
    h('div', { class: 'filter-actions' }, button('Filter', null, { kind: 'primary', type: 'submit' }), h('a', { class: 'btn btn-ghost', href: '#/admin/audit' }, 'Reset')),
  );

  const r = await get(`/api/admin/audit${query({ ...f, limit: PAGE, offset })}`);
  const rows = r.events.map((e) =>
    h(
      'tr',
      { dataset: { testid: 'audit-row' } },
      h('td', { class: 'nowrap' }, dateTime(e.createdAt)),
      h('td', null, e.actor.label || (e.actor.id ? labelledId('account', e.actor.id) : '—'), h('div', { class: 'muted small' }, e.actor.type)),
      h('td', null, h('code', null, e.action)),
      h('td', null, e.target.type, e.target.id ? labelledId(`${e.target.type === 'api_key' ? 'key' : e.target.type} id`, e.target.id) : null),
      h('td', { class: 'mono small' }, e.ip || '—'),
      h(
        'td',
        null,
        e.before || e.after
          ? h(
              'details',
              { class: 'diff' },
              h('summary', null, 'changes'),
              e.before ? h('pre', { class: 'code small' }, `before ${JSON.stringify(e.before, null, 1)}`) : null,
              e.after ? h('pre', { class: 'code small' }, `after ${JSON.stringify(e.after, null, 1)}`) : null,
            )
          : h('span', { class: 'muted' }, '—'),
        e.requestId ? labelledId('request id', e.requestId) : null,
      ),
    ),
  );
  const link = (o) => `#/admin/audit${query({ ...f, offset: o })}`;
  const pager = h(
    'div',
    { class: 'pager' },
    h('span', { class: 'muted' }, r.total ? `${r.offset + 1}–${r.offset + r.events.length} of ${r.total}` : '0 events'),
    r.offset > 0 ? h('a', { class: 'btn btn-secondary', href: link(Math.max(0, r.offset - r.limit)) }, '← Newer') : null,
    r.offset + r.events.length < r.total ? h('a', { class: 'btn btn-secondary', href: link(r.offset + r.limit) }, 'Older →') : null,
  );
  return h(
    'div',
    null,
    pageHeader('Audit log', 'Every change to accounts and keys, newest first. Never holds a key or a password.'),
    h('section', { class: 'card' }, form),
    chainsCard(),
    r.events.length
      ? h('section', { class: 'card card-flush' }, table(['Time', 'Actor', 'Action', 'Target', 'IP', 'Details'], rows, { testid: 'audit-table' }), pager)
      : h('section', { class: 'card' }, emptyState('No events match these filters')),
  );
}

/**
 * Every audit chain (the deployment's and one per organisation) checked by the server from its first event, on
 * demand: a check reads every event, so it is not run on each visit to the page.
 */
function chainsCard() {
  const out = h('div', { dataset: { testid: 'chains-result' } });
  const check = button(
    'Check every chain',
    async () => {
      check.disabled = true;
      mount(out, h('p', { class: 'muted' }, 'Checking…'));
      try {
        mount(out, chainsTable(await get('/api/admin/audit/verify')));
      } catch (err) {
        mount(out, errorBox(err));
      } finally {
        check.disabled = false;
      }
    },
    { kind: 'secondary', dataset: { testid: 'check-chains' } },
  );
  return h(
    'section',
    { class: 'card' },
    h('h2', null, 'Chain integrity'),
    h('p', { class: 'muted' }, 'Each event carries the hash of the one before it in its chain, so an edited or deleted event breaks the chain from there on.'),
    check,
    out,
  );
}

function chainsTable(r) {
  const rows = r.chains.map((c) =>
    h(
      'tr',
      { dataset: { testid: 'chain-row', chain: c.chain, ok: String(c.ok) } },
      h('td', { class: 'mono' }, c.chain),
      h('td', { class: 'num' }, String(c.events)),
      h('td', null, c.ok ? badge('intact', 'ok') : h('span', null, badge('BROKEN', 'bad'), ` at event ${c.seq}: ${c.problem}`)),
    ),
  );
  const broken = r.chains.filter((c) => !c.ok).length;
  return h(
    'div',
    null,
    h(
      'p',
      { role: broken ? 'alert' : 'status', class: broken ? 'alert alert-error' : 'muted' },
      broken ? `${broken} of ${r.chains.length} chains are broken.` : `All ${r.chains.length} chains are intact.`,
    ),
    table(['Chain', { label: 'Events verified', class: 'num' }, 'Status'], rows, { testid: 'chains-table' }),
  );
}
