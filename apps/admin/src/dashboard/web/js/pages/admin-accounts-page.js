// Internal admin: accounts (search, plan, key count, last activity, suspend/reactivate) and one account's keys.
import { get, post, query } from '../api.js';
import { h, mount } from '../dom.js';
import { date, rate, relative } from '../format.js';
import { badge, button, confirmDialog, emptyState, errorBox, keepFocus, pageHeader, pager, searchToolbar, spinner, statusBadge, table, toast } from '../ui.js';

const PAGE = 25;

export async function renderAdminAccounts(ctx) {
  const q = ctx.query.get('q') || '';
  const offset = Math.max(0, Number(ctx.query.get('offset')) || 0);
  const form = searchToolbar(ctx, { route: 'admin/accounts', q, placeholder: 'Email or account id', label: 'Search accounts', testid: 'account-search' });
  const list = h('div', null, spinner());
  const load = () =>
    keepFocus(async () => {
      const r = await get(`/api/admin/accounts${query({ q, limit: PAGE, offset })}`);
      mount(list, accountsTable(ctx, r, load, q));
    });
  await load();
  return h('div', null, pageHeader('Accounts', 'Every account on this deployment. Suspending one stops all its keys at once.'), form, list);
}

function accountsTable(ctx, r, reload, q) {
  if (!r.accounts.length) return h('section', { class: 'card' }, emptyState(q ? `No account matches “${q}”` : 'No accounts yet'));
  const rows = r.accounts.map((a) =>
    h(
      'tr',
      { dataset: { testid: 'account-row', accountId: a.id } },
      h('td', null, h('a', { href: `#/admin/accounts/${a.id}` }, a.email), a.role === 'admin' ? ' ' : null, a.role === 'admin' ? badge('admin', 'neutral') : null),
      h(
        'td',
        null,
        statusBadge(a.status),
        a.emailVerified === false ? badge('email unverified', 'warn', 'The owner has not followed the verification link; `accounts verify` marks it verified') : null,
      ),
      h('td', null, a.plan.name, a.trial && a.trial.active ? h('div', { class: 'muted small' }, `trial until ${date(a.trial.endsAt)}`) : null),
      h('td', { class: 'num' }, `${a.keys.active}`, h('span', { class: 'muted' }, ` / ${a.keys.total}`)),
      h('td', { title: a.lastActivityAt || '' }, relative(a.lastActivityAt)),
      h('td', null, date(a.createdAt)),
      h(
        'td',
        { class: 'actions' },
        h('a', { class: 'btn btn-ghost', href: `#/admin/accounts/${a.id}`, 'aria-label': `Keys of ${a.email}` }, 'Keys'),
        a.id === ctx.app.me.id ? null : statusAction(a, reload),
      ),
    ),
  );
  return h(
    'section',
    { class: 'card card-flush' },
    table(['Email', 'Status', 'Plan', { label: 'Keys (active / all)', class: 'num' }, 'Last activity', 'Created', { label: 'Actions', class: 'actions', hidden: true }], rows, {
      testid: 'accounts-table',
    }),
    pager({ route: 'admin/accounts', q, offset: r.offset, limit: r.limit, shown: r.accounts.length, total: r.total }),
  );
}

function statusAction(a, reload) {
  const suspend = a.status === 'active';
  return button(
    suspend ? 'Suspend' : 'Reactivate',
    async () => {
      const ok = await confirmDialog({
        title: suspend ? 'Suspend account?' : 'Reactivate account?',
        message: h(
          'p',
          null,
          suspend ? 'Suspend ' : 'Reactivate ',
          h('strong', null, a.email),
          suspend ? '? All its keys stop working immediately and its sessions are refused.' : '? Its active keys work again immediately.',
        ),
        confirmLabel: suspend ? `Suspend ${a.email}` : `Reactivate ${a.email}`,
        danger: suspend,
      });
      if (!ok) return;
      try {
        await post(`/api/admin/accounts/${encodeURIComponent(a.id)}/${suspend ? 'suspend' : 'reactivate'}`);
        toast(`${a.email} is now ${suspend ? 'suspended' : 'active'}.`);
      } catch (err) {
        toast(err.message, 'error');
      }
      await reload();
    },
    { kind: suspend ? 'ghost-danger' : 'ghost', 'aria-label': `${suspend ? 'Suspend' : 'Reactivate'} ${a.email}`, dataset: { testid: suspend ? 'suspend' : 'reactivate' } },
  );
}

export async function renderAdminAccount(ctx) {
  const page = h('div', null, spinner());
  const load = () => keepFocus(() => draw());
  const draw = async () => {
    const r = await get(`/api/admin/accounts/${encodeURIComponent(ctx.params.id)}/keys`);
    const a = r.account;
    const rows = r.keys.map((k) =>
      h(
        'tr',
        { class: k.status === 'revoked' ? 'row-muted' : '', dataset: { testid: 'admin-key-row', keyId: k.id } },
        h('td', null, h('strong', null, k.label)),
        h('td', null, h('code', { class: 'hint' }, k.hint)),
        h('td', null, statusBadge(k.status)),
        h('td', null, k.scopes.join(', ')),
        h('td', null, k.allowedIps.length ? k.allowedIps.join(', ') : h('span', { class: 'muted' }, 'any IP')),
        h('td', null, rate(k.effectiveRateLimit)),
        h('td', null, date(k.createdAt)),
        h('td', null, relative(k.lastUsedAt)),
        h(
          'td',
          { class: 'actions' },
          k.status === 'revoked'
            ? null
            : button(
                'Revoke',
                async () => {
                  const ok = await confirmDialog({
                    title: 'Revoke key?',
                    message: h(
                      'p',
                      null,
                      'Revoke ',
                      h('strong', null, `“${k.label}”`),
                      ' (',
                      h('code', null, k.hint),
                      ') of ',
                      h('strong', null, a.email),
                      '? It stops working immediately. This cannot be undone.',
                    ),
                    confirmLabel: `Revoke “${k.label}”`,
                  });
                  if (!ok) return;
                  try {
                    await post(`/api/admin/keys/${encodeURIComponent(k.id)}/revoke`);
                    toast(`Key “${k.label}” revoked.`);
                  } catch (err) {
                    toast(err.message, 'error');
                  }
                  await load();
                },
                { kind: 'ghost-danger', dataset: { testid: 'admin-revoke' } },
              ),
        ),
      ),
    );
    mount(
      page,
      pageHeader(
        a.email,
        `${a.role === 'admin' ? 'Internal admin · ' : ''}${a.plan.name} plan · created ${date(a.createdAt)} · last active ${relative(a.lastActiveAt)}`,
        h('a', { class: 'btn btn-ghost', href: '#/admin/accounts' }, '← All accounts'),
        a.id === ctx.app.me.id ? null : statusAction({ ...a }, load),
        h('a', { class: 'btn btn-ghost', href: `#/admin/audit${query({ target: a.id })}` }, 'Audit events'),
      ),
      h('p', null, statusBadge(a.status), a.emailVerified === false ? badge('email unverified', 'warn') : null),
      r.keys.length
        ? h(
            'section',
            { class: 'card card-flush' },
            table(['Label', 'Key', 'Status', 'Scopes', 'IP restrictions', 'Rate limit', 'Created', 'Last used', { label: 'Actions', class: 'actions', hidden: true }], rows, {
              testid: 'admin-keys-table',
            }),
          )
        : h('section', { class: 'card' }, emptyState('No keys')),
    );
  };
  try {
    await load();
  } catch (err) {
    mount(page, errorBox(err));
  }
  return page;
}
