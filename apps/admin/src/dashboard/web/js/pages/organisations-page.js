// Organisations: the ones the signed-in account belongs to; one organisation's members (roles, removal), invitations,
// key policy, keys, ownership transfer and leaving. Controls follow the permission matrix (the server enforces it:
// a refused action answers org_permission_denied); the invitation page (#/invite/<token>) accepts a link.
import { ApiError, del, get, patch, post, put } from '../api.js';
import { h, mount } from '../dom.js';
import { dateTime } from '../format.js';
import { splitEntries } from '../ip-validate.js';
import { authCard, badge, button, confirmDialog, emptyState, field, keepFocus, openDialog, pageHeader, problemForm, spinner, statusBadge, table, toast } from '../ui.js';
import { showOnce } from './keys-page.js';
import { orgUsageCard } from './org-usage-card.js';

const ROLE_TONES = { owner: 'info', admin: 'ok', developer: 'neutral', viewer: 'neutral' };
const ASSIGNABLE = ['admin', 'developer', 'viewer'];
const SCOPES = ['interactions:check', 'drugs:read', 'kb:read', 'cds:invoke'];
/** What each role may do, as the README's matrix says (shown to members; enforced by the server). */
export const ROLE_TEXT = {
  owner: 'everything, including transferring ownership',
  admin: 'members (not the owner), invitations, key policy, every key',
  developer: 'create keys and manage their own; read usage',
  viewer: 'read only: keys (never a secret), members, policy, usage',
};
/** Whether the signed-in member may take `action` here: the server lists the actions of their role (`org.actions`). */
const may = (org, action) => org.actions.includes(action);
const article = (role) => (role === 'owner' || role === 'admin' ? 'an' : 'a');
const enc = encodeURIComponent;

/** `#/orgs`. */
export async function renderOrganisations(ctx) {
  const page = h('div', null, spinner());
  const reload = () =>
    keepFocus(async () => {
      const { organisations } = await get('/api/orgs');
      const add = button('New organisation', () => openCreate(ctx), { kind: 'primary', dataset: { testid: 'new-org' } });
      const rows = organisations.map((o) =>
        h(
          'tr',
          { dataset: { orgId: o.id, testid: 'org-row' } },
          h('td', { class: 'wide' }, h('a', { href: `#/orgs/${o.id}`, dataset: { testid: 'org-link' } }, o.name)),
          h('td', null, badge(o.role, ROLE_TONES[o.role])),
          h('td', null, String(o.memberCount)),
          h('td', { class: 'nowrap' }, o.owner.email),
        ),
      );
      mount(
        page,
        pageHeader('Organisations', 'Teams share keys, a key policy and the owner’s plan. Every account starts with its own one-member organisation.', add),
        h('section', { class: 'card card-flush' }, table(['Organisation', 'Your role', 'Members', 'Owner'], rows, { testid: 'orgs-table' })),
      );
    });
  await reload();
  return page;
}

function openCreate(ctx) {
  openDialog({
    title: 'New organisation',
    testid: 'create-org-dialog',
    render: (close) => {
      const name = h('input', { name: 'name', maxlength: 100, required: true, dataset: { testid: 'org-name' } });
      const general = h('div', { class: 'form-general' });
      const form = problemForm(
        {
          general,
          onSubmit: async () => {
            const org = await post('/api/orgs', { name: name.value.trim() });
            close();
            ctx.navigate(`orgs/${org.id}`);
          },
        },
        field('Name', name, { pointer: '/name', hint: 'You become its owner. It starts with a Default project.' }),
        general,
        h('div', { class: 'dialog-actions' }, button('Cancel', close), h('button', { class: 'btn btn-primary', type: 'submit', dataset: { testid: 'org-submit' } }, 'Create')),
      );
      return form;
    },
  });
}

/** `#/orgs/:id`. */
export async function renderOrganisation(ctx) {
  const id = ctx.params.id;
  const page = h('div', null, spinner());
  const reload = () =>
    keepFocus(async () => {
      const org = await get(`/api/orgs/${enc(id)}`);
      const [{ members }, policy, { keys }, { projects }, invitations] = await Promise.all([
        get(`/api/orgs/${enc(id)}/members`),
        get(`/api/orgs/${enc(id)}/policy`),
        get(`/api/orgs/${enc(id)}/keys`),
        get(`/api/orgs/${enc(id)}/projects`),
        may(org, 'invitations.manage') ? get(`/api/orgs/${enc(id)}/invitations`).then((r) => r.invitations) : Promise.resolve(null),
      ]);
      const me = ctx.app.me.id;
      const actions = [];
      if (org.role !== 'owner') actions.push(button('Leave', () => leave(ctx, org), { kind: 'ghost-danger', dataset: { testid: 'leave-org' } }));
      mount(
        page,
        pageHeader(org.name, `You are ${article(org.role)} ${org.role}: ${ROLE_TEXT[org.role]}.`, ...actions),
        membersCard(org, members, me, reload),
        invitations ? invitationsCard(org, invitations, reload) : null,
        policyCard(org, policy, reload),
        projectsCard(org, projects, reload),
        keysCard(org, keys, members, projects, reload),
        orgUsageCard(org, projects),
        activityCard(org, projects),
        may(org, 'org.delete') ? dangerCard(ctx, org) : null,
      );
    });
  await reload();
  return page;
}

function membersCard(org, members, me, reload) {
  const rows = members.map((m) => {
    const self = m.accountId === me;
    const canChange = may(org, 'members.manage') && !self && m.role !== 'owner';
    const role = canChange
      ? h(
          'select',
          {
            'aria-label': `Role of ${m.email}`,
            dataset: { testid: 'member-role' },
            onchange: async (ev) => {
              await actThenReload(async () => {
                await patch(`/api/orgs/${enc(org.id)}/members/${enc(m.accountId)}`, { role: ev.target.value });
                return `${m.email} is now ${article(ev.target.value)} ${ev.target.value}.`;
              }, reload);
            },
          },
          ASSIGNABLE.map((r) => h('option', { value: r, selected: r === m.role }, r)),
        )
      : badge(m.role, ROLE_TONES[m.role]);
    const act = [];
    if (canChange) act.push(button('Remove', () => remove(org, m, reload), { kind: 'ghost-danger', 'aria-label': `Remove ${m.email}`, dataset: { testid: 'remove-member' } }));
    if (may(org, 'org.transfer_ownership') && !self)
      act.push(button('Make owner', () => transfer(org, m, reload), { kind: 'ghost', 'aria-label': `Make owner: ${m.email}`, dataset: { testid: 'make-owner' } }));
    return h(
      'tr',
      { dataset: { accountId: m.accountId, testid: 'member-row' } },
      h('td', { class: 'wide' }, m.email, self ? h('span', { class: 'muted small' }, ' (you)') : null),
      h('td', null, role),
      h('td', { class: 'nowrap' }, dateTime(m.joinedAt)),
      h('td', { class: 'actions' }, h('div', { class: 'action-stack' }, act)),
    );
  });
  return h(
    'section',
    { class: 'card card-flush', dataset: { testid: 'members-card' } },
    h('h2', { class: 'card-pad' }, 'Members'),
    table(['Member', 'Role', 'Joined', { label: 'Actions', class: 'actions', hidden: true }], rows, { testid: 'members-table' }),
  );
}

function invitationsCard(org, invitations, reload) {
  const email = h('input', { type: 'email', name: 'email', maxlength: 320, autocomplete: 'off', required: true, dataset: { testid: 'invite-email' } });
  const role = h(
    'select',
    { name: 'role', dataset: { testid: 'invite-role' } },
    ASSIGNABLE.map((r) => h('option', { value: r, selected: r === 'developer' }, r)),
  );
  const general = h('div', { class: 'form-general' });
  const form = problemForm(
    {
      general,
      onSubmit: async () => {
        const inv = await post(`/api/orgs/${enc(org.id)}/invitations`, { email: email.value.trim(), role: role.value });
        toast(`Invitation sent to ${inv.email}.`);
        await reload();
      },
    },
    field('Email', email, { pointer: '/email' }),
    field('Role', role, { pointer: '/role' }),
    general,
    h('div', { class: 'dialog-actions' }, h('button', { class: 'btn btn-primary', type: 'submit', dataset: { testid: 'invite-submit' } }, 'Invite')),
  );
  const pending = invitations.filter((i) => i.status === 'pending');
  const rows = pending.map((i) =>
    h(
      'tr',
      { dataset: { testid: 'invitation-row' } },
      h('td', { class: 'wide' }, i.email),
      h('td', null, badge(i.role, ROLE_TONES[i.role])),
      h('td', { class: 'nowrap' }, dateTime(i.expiresAt)),
      h(
        'td',
        { class: 'actions' },
        h(
          'div',
          { class: 'action-stack' },
          button(
            'Resend',
            async () => {
              await actThenReload(async () => {
                const again = await post(`/api/orgs/${enc(org.id)}/invitations/${enc(i.id)}/resend`);
                return `Invitation sent to ${again.email} again; the previous link no longer works.`;
              }, reload);
            },
            { kind: 'ghost', 'aria-label': `Resend the invitation to ${i.email}`, dataset: { testid: 'resend-invitation' } },
          ),
          button(
            'Withdraw',
            async () => {
              await actThenReload(async () => {
                await post(`/api/orgs/${enc(org.id)}/invitations/${enc(i.id)}/revoke`);
                return `Invitation to ${i.email} withdrawn.`;
              }, reload);
            },
            { kind: 'ghost-danger', 'aria-label': `Withdraw the invitation to ${i.email}`, dataset: { testid: 'withdraw-invitation' } },
          ),
        ),
      ),
    ),
  );
  return h(
    'section',
    { class: 'card', dataset: { testid: 'invitations-card' } },
    h('h2', null, 'Invitations'),
    h('p', { class: 'muted' }, 'The link goes by email (without SMTP, to the admin app’s log) and works once, for 7 days, for an account with that address.'),
    form,
    pending.length ? table(['Invited', 'Role', 'Expires', { label: 'Actions', class: 'actions', hidden: true }], rows, { testid: 'invitations-table' }) : null,
  );
}

function policyCard(org, policy, reload) {
  const editable = may(org, 'policy.set');
  const days = h('input', {
    name: 'maxDays',
    type: 'number',
    min: 1,
    max: 3650,
    inputmode: 'numeric',
    value: policy.maxKeyLifetimeSeconds === null ? '' : String(Math.round(policy.maxKeyLifetimeSeconds / 86_400)),
    disabled: !editable,
    dataset: { testid: 'policy-max-days' },
  });
  const requireIps = h('input', {
    type: 'checkbox',
    name: 'requireIpAllowlist',
    checked: policy.requireIpAllowlist,
    disabled: !editable,
    dataset: { testid: 'policy-require-ips' },
  });
  const scopeBoxes = SCOPES.map((s) =>
    h('input', { type: 'checkbox', name: 'allowedScopes', value: s, checked: policy.allowedScopes === null || policy.allowedScopes.includes(s), disabled: !editable }),
  );
  const ips = h(
    'textarea',
    { name: 'allowedIps', rows: 2, disabled: !editable, placeholder: 'e.g. 10.0.0.0/8, 192.0.2.7', dataset: { testid: 'policy-ips' } },
    policy.allowedIps.join(', '),
  );
  const general = h('div', { class: 'form-general' });
  const form = problemForm(
    {
      general,
      onSubmit: async () => {
        const checked = scopeBoxes.filter((b) => b.checked).map((b) => b.value);
        const body = {
          maxKeyLifetimeSeconds: days.value.trim() ? Number(days.value) * 86_400 : null,
          requireIpAllowlist: requireIps.checked,
          allowedScopes: checked.length === SCOPES.length ? null : checked,
          allowedIps: splitEntries(ips.value),
        };
        const saved = await put(`/api/orgs/${enc(org.id)}/policy`, body);
        toast(saved.nonCompliantKeys ? `Policy saved. ${saved.nonCompliantKeys} active key(s) do not comply and are refused until changed or replaced.` : 'Policy saved.');
        await reload();
      },
    },
    field('Maximum key lifetime (days)', days, { pointer: '/maxKeyLifetimeSeconds', hint: 'Empty = no maximum. When set, keys without an expiry are refused.' }),
    h('div', { class: 'field' }, h('label', { class: 'check' }, requireIps, ' Every key must have its own IP allowlist')),
    h(
      'fieldset',
      { class: 'field checks' },
      h('legend', null, 'Allowed scopes'),
      scopeBoxes.map((b) => h('label', { class: 'check' }, b, h('code', null, b.value))),
      h('p', { class: 'field-error', 'data-error-for': '/allowedScopes' }),
    ),
    field('Organisation IP allowlist', ips, { pointer: '/allowedIps', hint: 'Every key inherits it: a call must come from here and from the key’s own list.' }),
    general,
    editable ? h('div', { class: 'dialog-actions' }, h('button', { class: 'btn btn-primary', type: 'submit', dataset: { testid: 'policy-submit' } }, 'Save policy')) : null,
  );
  return h(
    'section',
    { class: 'card', dataset: { testid: 'policy-card' } },
    h('h2', null, 'Key policy'),
    policy.nonCompliantKeys
      ? h(
          'div',
          { class: 'alert alert-warn', role: 'status', dataset: { testid: 'policy-noncompliant' } },
          `${policy.nonCompliantKeys} active key(s) do not comply: the API refuses them until they are changed or replaced.`,
        )
      : null,
    form,
  );
}

function projectsCard(org, projects, reload) {
  const rows = projects.map((p) =>
    h(
      'tr',
      { dataset: { testid: 'project-row' } },
      h('td', { class: 'wide' }, p.name),
      h('td', { class: 'nowrap' }, p.rateLimit ? `${p.rateLimit.limit} per ${p.rateLimit.windowSeconds} s` : 'plan'),
      h('td', { class: 'nowrap' }, p.monthlyQuota === null ? 'plan' : `${p.monthlyQuota} a month`),
      h('td', null, String(p.activeKeys)),
      may(org, 'projects.manage')
        ? h(
            'td',
            { class: 'actions' },
            h(
              'div',
              { class: 'action-stack' },
              button('Edit', () => openProjectEdit(org, p, reload), { kind: 'ghost', 'aria-label': `Edit ${p.name}`, dataset: { testid: 'project-edit' } }),
              p.activeKeys === 0
                ? button('Delete', () => deleteProject(org, p, reload), { kind: 'ghost-danger', 'aria-label': `Delete ${p.name}`, dataset: { testid: 'project-delete' } })
                : null,
            ),
          )
        : null,
    ),
  );
  let form = null;
  if (may(org, 'projects.manage')) {
    const name = h('input', { name: 'name', maxlength: 100, required: true, dataset: { testid: 'project-name' } });
    const quota = h('input', { name: 'monthlyQuota', type: 'number', min: 0, inputmode: 'numeric', dataset: { testid: 'project-quota' } });
    const general = h('div', { class: 'form-general' });
    form = problemForm(
      {
        general,
        onSubmit: async () => {
          const body = { name: name.value.trim() };
          if (quota.value.trim()) body.monthlyQuota = Number(quota.value);
          const p = await post(`/api/orgs/${enc(org.id)}/projects`, body);
          toast(`Project ${p.name} created.`);
          await reload();
        },
      },
      field('New project', name, { pointer: '/name' }),
      field('Monthly quota (optional)', quota, { pointer: '/monthlyQuota', hint: 'Calls a month over all the project’s keys, below the plan’s.' }),
      general,
      h('div', { class: 'dialog-actions' }, h('button', { class: 'btn btn-secondary', type: 'submit', dataset: { testid: 'project-submit' } }, 'Add project')),
    );
  }
  return h(
    'section',
    { class: 'card', dataset: { testid: 'projects-card' } },
    h('h2', null, 'Projects'),
    table(['Project', 'Rate limit', 'Monthly quota', 'Active keys', ...(may(org, 'projects.manage') ? [{ label: 'Actions', class: 'actions', hidden: true }] : [])], rows, {
      testid: 'projects-table',
    }),
    form,
  );
}

/** Name and caps of a project; an empty field removes that cap (the plan's applies). */
function openProjectEdit(org, p, reload) {
  openDialog({
    title: `Edit ${p.name}`,
    testid: 'project-dialog',
    render: (close) => {
      const name = h('input', { name: 'name', maxlength: 100, value: p.name, dataset: { testid: 'project-edit-name' } });
      const limit = h('input', {
        name: 'limit',
        type: 'number',
        min: 1,
        inputmode: 'numeric',
        value: p.rateLimit ? String(p.rateLimit.limit) : '',
        dataset: { testid: 'project-edit-limit' },
      });
      const window = h('input', { name: 'window', type: 'number', min: 1, max: 86400, inputmode: 'numeric', value: p.rateLimit ? String(p.rateLimit.windowSeconds) : '60' });
      const quota = h('input', {
        name: 'monthlyQuota',
        type: 'number',
        min: 0,
        inputmode: 'numeric',
        value: p.monthlyQuota === null ? '' : String(p.monthlyQuota),
        dataset: { testid: 'project-edit-quota' },
      });
      const general = h('div', { class: 'form-general' });
      const form = problemForm(
        {
          general,
          onSubmit: async () => {
            const body = {
              name: name.value.trim(),
              rateLimit: limit.value.trim() ? { limit: Number(limit.value), windowSeconds: Number(window.value || 60) } : null,
              monthlyQuota: quota.value.trim() ? Number(quota.value) : null,
            };
            await patch(`/api/orgs/${enc(org.id)}/projects/${enc(p.id)}`, body);
            close();
            toast(`${body.name} saved.`);
            await reload();
          },
        },
        field('Name', name, { pointer: '/name' }),
        field('Requests per window, over all its keys (optional)', limit, { pointer: '/rateLimit', hint: 'Empty = the plan’s limit per key only.' }),
        field('Window (seconds)', window, { pointer: '/rateLimit/windowSeconds' }),
        field('Monthly quota (optional)', quota, { pointer: '/monthlyQuota', hint: 'Empty = the plan’s quota only.' }),
        general,
        h(
          'div',
          { class: 'dialog-actions' },
          button('Cancel', close),
          h('button', { class: 'btn btn-primary', type: 'submit', dataset: { testid: 'project-edit-submit' } }, 'Save'),
        ),
      );
      return form;
    },
  });
}

async function deleteProject(org, p, reload) {
  const ok = await confirmDialog({ title: 'Delete project?', message: h('p', null, `Delete ${p.name}? It has no keys.`), confirmLabel: 'Delete project' });
  if (!ok) return;
  await actThenReload(async () => {
    await del(`/api/orgs/${enc(org.id)}/projects/${enc(p.id)}`);
    return `${p.name} deleted.`;
  }, reload);
}

function openNewKey(org, projects, reload) {
  let createdKey = null;
  openDialog({
    title: 'New key',
    testid: 'org-key-dialog',
    wide: true,
    onClose: () => {
      createdKey = null;
      void reload();
    },
    render: (close, { setTitle, body }) => {
      const label = h('input', { name: 'label', maxlength: 100, required: true, dataset: { testid: 'org-key-label' } });
      const project = h(
        'select',
        { name: 'projectId', dataset: { testid: 'org-key-project' } },
        projects.map((p) => h('option', { value: p.id }, p.name)),
      );
      const kind = h(
        'select',
        { name: 'kind', dataset: { testid: 'org-key-kind' } },
        h('option', { value: 'personal' }, 'personal (yours)'),
        h('option', { value: 'service' }, 'service (the project’s)'),
      );
      const days = h('input', { name: 'expiresAt', type: 'number', min: 1, max: 3650, inputmode: 'numeric', dataset: { testid: 'org-key-days' } });
      const ips = h('input', { name: 'allowedIps', placeholder: 'e.g. 10.0.0.0/8', dataset: { testid: 'org-key-ips' } });
      const general = h('div', { class: 'form-general' });
      const form = problemForm(
        {
          general,
          onSubmit: async () => {
            const req = { label: label.value.trim(), projectId: project.value, kind: kind.value };
            if (days.value.trim()) req.expiresAt = new Date(Date.now() + Number(days.value) * 86_400_000).toISOString();
            const list = splitEntries(ips.value);
            if (list.length) req.allowedIps = list;
            const created = await post(`/api/orgs/${enc(org.id)}/keys`, req);
            createdKey = created.key;
            setTitle('Your new API key');
            const panel = showOnce(created, () => createdKey, close);
            mount(body, panel.el);
            panel.focus();
          },
        },
        field('Label', label, { pointer: '/label' }),
        field('Project', project, { pointer: '/projectId' }),
        field('Kind', kind, { pointer: '/kind', hint: 'A personal key is revoked when you leave; a service key stays with the project.' }),
        field('Expires in (days, optional)', days, { pointer: '/expiresAt' }),
        field('IP allowlist (optional)', ips, { pointer: '/allowedIps' }),
        general,
        h(
          'div',
          { class: 'dialog-actions' },
          button('Cancel', close),
          h('button', { class: 'btn btn-primary', type: 'submit', dataset: { testid: 'org-key-submit' } }, 'Create key'),
        ),
      );
      return form;
    },
  });
}

function keysCard(org, keys, members, projects, reload) {
  const emailOf = new Map(members.map((m) => [m.accountId, m.email]));
  const projectName = new Map(projects.map((p) => [p.id, p.name]));
  const rows = keys.map((k) =>
    h(
      'tr',
      { dataset: { keyId: k.id, testid: 'org-key-row' } },
      h('td', { class: 'wide' }, k.label, h('div', { class: 'muted small' }, h('code', null, k.hint))),
      h('td', null, projectName.get(k.projectId) || ''),
      h('td', null, statusBadge(k.status)),
      h('td', null, k.kind === 'service' ? badge('service', 'info') : emailOf.get(k.createdBy) || 'former member'),
      h('td', { class: 'nowrap' }, dateTime(k.createdAt)),
    ),
  );
  return h(
    'section',
    { class: 'card card-flush', dataset: { testid: 'org-keys-card' } },
    h(
      'div',
      { class: 'card-head card-pad' },
      h('h2', null, 'Keys'),
      may(org, 'keys.create') ? button('New key', () => openNewKey(org, projects, reload), { kind: 'primary', dataset: { testid: 'org-new-key' } }) : null,
    ),
    keys.length
      ? table(['Key', 'Project', 'Status', 'Made by', 'Created'], rows, { testid: 'org-keys-table' })
      : emptyState('No keys yet', 'Members with the developer role or above create keys.'),
  );
}

/** The audit log of the organisation, for all projects or one (usage has its own card, `org-usage-card.js`). */
function activityCard(org, projects) {
  const holder = h('div', null, spinner());
  const select = h(
    'select',
    { 'aria-label': 'Project', dataset: { testid: 'activity-project' }, onchange: () => void load() },
    h('option', { value: '' }, 'All projects'),
    projects.map((p) => h('option', { value: p.id }, p.name)),
  );
  const load = async () => {
    const filter = select.value ? `&projectId=${enc(select.value)}` : '';
    try {
      const [audit, chain] = await Promise.all([
        get(`/api/orgs/${enc(org.id)}/audit?limit=20${filter}`),
        may(org, 'audit.verify') ? get(`/api/orgs/${enc(org.id)}/audit/verify`) : Promise.resolve(null),
      ]);
      const auditRows = audit.events.map((e) =>
        h(
          'tr',
          { dataset: { testid: 'audit-row' } },
          h('td', { class: 'nowrap' }, dateTime(e.createdAt)),
          h('td', null, h('code', null, e.action)),
          h('td', { class: 'wide' }, e.actor.label || e.actor.type),
        ),
      );
      mount(
        holder,
        h('p', { class: 'muted' }, `${audit.total} event${audit.total === 1 ? '' : 's'}, newest first.`),
        chain ? chainStatus(chain) : null,
        auditRows.length ? table(['When', 'Action', 'By'], auditRows, { testid: 'org-audit-table' }) : emptyState('No events', null),
      );
    } catch (err) {
      mount(holder, h('div', { class: 'alert alert-error', role: 'alert' }, err.message));
    }
  };
  void load();
  return h('section', { class: 'card', dataset: { testid: 'activity-card' } }, h('div', { class: 'card-head' }, h('h2', null, 'Audit log'), select), holder);
}

/** The organisation's audit chain as the server checked it: intact (with its length) or where it breaks. */
function chainStatus(chain) {
  const n = `${chain.events} event${chain.events === 1 ? '' : 's'}`;
  return chain.ok
    ? h('p', { class: 'chain-status', dataset: { testid: 'chain-status', ok: 'true' } }, badge('chain intact', 'ok'), ` ${n} verified from the first`)
    : h(
        'div',
        { class: 'alert alert-error', role: 'alert', dataset: { testid: 'chain-status', ok: 'false' } },
        h('strong', null, `Audit chain BROKEN at event ${chain.seq}`),
        `: ${chain.problem} (${n} verified before it). Tell your operator.`,
      );
}

/** The owner's danger zone: deleting the organisation, confirmed by typing its name. */
function dangerCard(ctx, org) {
  return h(
    'section',
    { class: 'card card-danger', dataset: { testid: 'danger-card' } },
    h('h2', null, 'Danger zone'),
    h('p', { class: 'muted' }, 'Deleting the organisation revokes every key in it (personal and service) at once and withdraws pending invitations. It cannot be undone.'),
    h(
      'div',
      { class: 'dialog-actions' },
      button('Delete organisation', () => openDelete(ctx, org), { kind: 'danger', dataset: { testid: 'delete-org' } }),
    ),
  );
}

function openDelete(ctx, org) {
  openDialog({
    title: `Delete ${org.name}?`,
    testid: 'delete-org-dialog',
    render: (close) => {
      const confirm = h('input', { name: 'confirm', maxlength: 100, autocomplete: 'off', required: true, dataset: { testid: 'delete-org-confirm' } });
      const general = h('div', { class: 'form-general' });
      const form = problemForm(
        {
          general,
          onSubmit: async () => {
            const r = await del(`/api/orgs/${enc(org.id)}`, { confirm: confirm.value });
            close();
            ctx.flash(`${r.name} deleted; ${r.revokedKeyIds.length} key(s) revoked.`);
            ctx.navigate('orgs');
          },
        },
        h('p', null, 'Every key of the organisation stops working at once; members lose access; its audit log is kept.'),
        field('Type the organisation’s name to confirm', confirm, { pointer: '/confirm', hint: org.name }),
        general,
        h(
          'div',
          { class: 'dialog-actions' },
          button('Cancel', close, { kind: 'secondary' }),
          h('button', { class: 'btn btn-danger', type: 'submit', dataset: { testid: 'delete-org-submit' } }, 'Delete organisation'),
        ),
      );
      return form;
    },
  });
}

async function remove(org, m, reload) {
  const ok = await confirmDialog({
    title: 'Remove member?',
    message: h('div', null, h('p', null, `Remove ${m.email} from ${org.name}?`), h('p', { class: 'muted' }, 'Their personal keys here are revoked at once; service keys stay.')),
    confirmLabel: 'Remove member',
  });
  if (!ok) return;
  await actThenReload(async () => {
    const r = await del(`/api/orgs/${enc(org.id)}/members/${enc(m.accountId)}`);
    return `${m.email} removed; ${r.revokedKeyIds.length} key(s) revoked.`;
  }, reload);
}

async function transfer(org, m, reload) {
  const ok = await confirmDialog({
    title: 'Transfer ownership?',
    message: h(
      'div',
      null,
      h('p', null, `Make ${m.email} the owner of ${org.name}?`),
      h('p', { class: 'muted' }, 'You become an admin. Keys then use the new owner’s plan and quota.'),
    ),
    confirmLabel: 'Transfer ownership',
  });
  if (!ok) return;
  await actThenReload(async () => {
    await post(`/api/orgs/${enc(org.id)}/transfer-ownership`, { accountId: m.accountId });
    return `${m.email} now owns ${org.name}.`;
  }, reload);
}

async function leave(ctx, org) {
  const ok = await confirmDialog({
    title: 'Leave organisation?',
    message: h('p', null, `Leave ${org.name}? Your personal keys there are revoked at once.`),
    confirmLabel: 'Leave',
  });
  if (!ok) return;
  try {
    await post(`/api/orgs/${enc(org.id)}/leave`);
    ctx.navigate('orgs');
  } catch (err) {
    toast(err.message, 'error');
  }
}

/** `#/invite/<token>`: what the link offers; signed in with that address, accept it. */
export async function renderInvitation(ctx) {
  const token = ctx.params.token;
  let preview;
  try {
    preview = await post('/api/invitations/lookup', { token });
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'link_invalid') throw err;
    return authCard('This invitation cannot be used', h('div', { class: 'alert alert-error', role: 'alert', dataset: { testid: 'link-invalid' } }, err.message));
  }
  const intro = h(
    'p',
    { dataset: { testid: 'invite-offer' } },
    `You are invited to join ${preview.organisationName} as ${article(preview.role)} ${preview.role} (${ROLE_TEXT[preview.role]}).`,
  );
  const me = ctx.app.me;
  if (!me) {
    ctx.app.returnTo = `invite/${token}`;
    return authCard(
      'Invitation',
      intro,
      h('p', { class: 'muted' }, `Sign in as ${preview.email}, or create an account with that address, then open the link again.`),
      h('a', { class: 'btn btn-primary btn-block', href: '#/signin', dataset: { testid: 'to-sign-in' } }, 'Sign in'),
      h('a', { class: 'btn btn-secondary btn-block', href: '#/signup' }, 'Create an account'),
    );
  }
  const general = h('div', { class: 'form-general' });
  const accept = button(
    'Accept invitation',
    async () => {
      accept.disabled = true;
      try {
        const org = await post('/api/invitations/accept', { token });
        ctx.flash(`You joined ${org.name}.`);
        ctx.navigate(`orgs/${org.id}`);
      } catch (err) {
        accept.disabled = false;
        mount(general, h('div', { class: 'alert alert-error', role: 'alert' }, err.message));
      }
    },
    { kind: 'primary', class: 'btn btn-primary btn-block', dataset: { testid: 'accept-invitation' } },
  );
  return authCard('Invitation', intro, h('p', { class: 'muted' }, `Signed in as ${me.email}; the invitation was sent to ${preview.email}.`), general, accept);
}

/**
 * Runs one action of the page, reloads the page's data, then says how it went: the toast comes after the reload, so
 * it describes what the page shows (and a test that waits for it waits for the finished page).
 */
async function actThenReload(action, reload) {
  let said;
  try {
    said = [await action(), 'ok'];
  } catch (err) {
    said = [err.message, 'error'];
  }
  try {
    await reload();
  } finally {
    toast(...said);
  }
}
