// Internal admin: every organisation (search by name, owner email or id; owner, size, plan) and one organisation read
// only: members, projects with their caps, the key policy and its recent audit events. Changes stay with the owners,
// the CLI (`./vigil orgs …`) and the internal-admin API.
import { get, query } from '../api.js';
import { h, mount } from '../dom.js';
import { date, dateTime, num, rate } from '../format.js';
import { badge, button, emptyState, errorBox, keepFocus, pageHeader, pager, searchToolbar, spinner, table } from '../ui.js';

const PAGE = 25;
const enc = encodeURIComponent;
const ROLE_TONES = { owner: 'info', admin: 'ok', developer: 'neutral', viewer: 'neutral' };

/** `#/admin/orgs?q=&offset=`. */
export async function renderAdminOrgs(ctx) {
  const q = ctx.query.get('q') || '';
  const offset = Math.max(0, Number(ctx.query.get('offset')) || 0);
  const form = searchToolbar(ctx, { route: 'admin/orgs', q, placeholder: 'Name, owner email or id', label: 'Search organisations', testid: 'org-search' });
  const list = h('div', null, spinner());
  await keepFocus(async () => mount(list, orgsTable(await get(`/api/admin/orgs${query({ q, limit: PAGE, offset })}`), q)));
  return h('div', null, pageHeader('All organisations', 'Every organisation on this deployment, newest first. Keys use the owner’s plan.'), form, list);
}

function orgsTable(r, q) {
  if (!r.organisations.length) return h('section', { class: 'card' }, emptyState(q ? `No organisation matches “${q}”` : 'No organisations yet'));
  const rows = r.organisations.map((o) =>
    h(
      'tr',
      { dataset: { testid: 'admin-org-row', orgId: o.id } },
      h('td', { class: 'wide' }, h('a', { href: `#/admin/orgs/${o.id}`, dataset: { testid: 'admin-org-link' } }, o.name)),
      h('td', null, h('a', { href: `#/admin/accounts/${o.owner.accountId}` }, o.owner.email)),
      h('td', { class: 'num' }, num(o.memberCount)),
      h('td', { class: 'num' }, num(o.projectCount)),
      h('td', { class: 'num' }, num(o.keyCount)),
      h('td', null, o.plan.name),
      h('td', { class: 'nowrap' }, date(o.createdAt)),
    ),
  );
  return h(
    'section',
    { class: 'card card-flush' },
    table(['Organisation', 'Owner', { label: 'Members', class: 'num' }, { label: 'Projects', class: 'num' }, { label: 'Active keys', class: 'num' }, 'Plan', 'Created'], rows, {
      testid: 'admin-orgs-table',
    }),
    pager({ route: 'admin/orgs', q, offset: r.offset, limit: r.limit, shown: r.organisations.length, total: r.total }),
  );
}

/** `#/admin/orgs/:id`: read only. */
export async function renderAdminOrg(ctx) {
  const id = ctx.params.id;
  const base = `/api/admin/orgs/${enc(id)}`;
  try {
    const [org, { members }, { projects }, policy, audit] = await Promise.all([
      get(base),
      get(`${base}/members`),
      get(`${base}/projects`),
      get(`${base}/policy`),
      get(`${base}/audit?limit=20`),
    ]);
    return h(
      'div',
      null,
      pageHeader(
        org.name,
        `Owner ${org.owner.email} · ${org.plan.name} plan · created ${date(org.createdAt)}`,
        h('a', { class: 'btn btn-ghost', href: '#/admin/orgs' }, '← All organisations'),
      ),
      h('div', { class: 'stats', dataset: { testid: 'admin-org-stats' } }, stat('Members', org.memberCount), stat('Projects', org.projectCount), stat('Active keys', org.keyCount)),
      membersCard(members),
      projectsCard(projects),
      policyCard(policy),
      auditCard(audit),
    );
  } catch (err) {
    return h('div', null, pageHeader('Organisation', null, h('a', { class: 'btn btn-ghost', href: '#/admin/orgs' }, '← All organisations')), errorBox(err));
  }
}

function stat(label, value) {
  return h('div', { class: 'stat' }, h('span', { class: 'stat-label' }, label), h('strong', { class: 'stat-value' }, num(value)));
}

function membersCard(members) {
  const rows = members.map((m) =>
    h(
      'tr',
      { dataset: { testid: 'admin-org-member-row', accountId: m.accountId } },
      h('td', { class: 'wide' }, h('a', { href: `#/admin/accounts/${m.accountId}` }, m.email)),
      h('td', null, badge(m.role, ROLE_TONES[m.role])),
      h('td', { class: 'nowrap' }, dateTime(m.joinedAt)),
    ),
  );
  return h('section', { class: 'card card-flush' }, h('h2', { class: 'card-pad' }, 'Members'), table(['Member', 'Role', 'Joined'], rows, { testid: 'admin-org-members' }));
}

function projectsCard(projects) {
  const rows = projects.map((p) =>
    h(
      'tr',
      { dataset: { testid: 'admin-org-project-row' } },
      h('td', { class: 'wide' }, p.name),
      h('td', { class: 'nowrap' }, p.rateLimit ? `${rate(p.rateLimit)}, all its keys` : 'plan'),
      h('td', { class: 'nowrap' }, p.monthlyQuota === null ? 'plan' : `${num(p.monthlyQuota)} a month`),
      h('td', { class: 'num' }, num(p.activeKeys)),
    ),
  );
  return h(
    'section',
    { class: 'card card-flush' },
    h('h2', { class: 'card-pad' }, 'Projects'),
    table(['Project', 'Rate limit', 'Monthly quota', { label: 'Active keys', class: 'num' }], rows, { testid: 'admin-org-projects' }),
  );
}

function policyCard(p) {
  const days = p.maxKeyLifetimeSeconds === null ? 'no maximum' : `${num(Math.round(p.maxKeyLifetimeSeconds / 86_400))} days`;
  return h(
    'section',
    { class: 'card', dataset: { testid: 'admin-org-policy' } },
    h('h2', null, 'Key policy'),
    p.nonCompliantKeys ? h('div', { class: 'alert alert-warn', role: 'status' }, `${p.nonCompliantKeys} active key(s) do not comply and are refused on every call.`) : null,
    h(
      'dl',
      { class: 'meta meta-wide' },
      h('dt', null, 'Maximum key lifetime'),
      h('dd', null, days),
      h('dt', null, 'IP allowlist on every key'),
      h('dd', null, p.requireIpAllowlist ? 'required' : 'not required'),
      h('dt', null, 'Allowed scopes'),
      h('dd', null, p.allowedScopes === null ? 'any' : p.allowedScopes.length ? p.allowedScopes.join(', ') : 'none'),
      h('dt', null, 'Organisation IP allowlist'),
      h('dd', null, p.allowedIps.length ? p.allowedIps.join(', ') : 'none'),
    ),
  );
}

function auditCard(audit) {
  const rows = audit.events.map((e) =>
    h(
      'tr',
      { dataset: { testid: 'admin-org-audit-row' } },
      h('td', { class: 'nowrap' }, dateTime(e.createdAt)),
      h('td', null, h('code', null, e.action)),
      h('td', null, e.actor.label || e.actor.type),
      h('td', null, e.target.type),
    ),
  );
  return h(
    'section',
    { class: 'card card-flush' },
    h('h2', { class: 'card-pad' }, 'Recent audit events'),
    h('p', { class: 'muted card-pad' }, `The latest ${audit.events.length} of ${audit.total}, newest first.`),
    rows.length ? table(['When', 'Action', 'By', 'Target'], rows, { testid: 'admin-org-audit' }) : emptyState('No events'),
  );
}
