// Keys: the account's API keys with a 7-day sparkline each; create (show-once panel), edit restrictions, roll (a
// successor shown once, the old key kept for a grace period), revoke, and the CDS Hooks client registered on a key.
import { get, patch, post } from '../api.js';
import { sparkline } from '../charts.js';
import { h, mount } from '../dom.js';
import { WINDOW_UNITS, date, dateTime, planLabel, rate, relative, splitWindow } from '../format.js';
import { ipProblem, splitEntries } from '../ip-validate.js';
import { openCdsClient } from './cds-client-dialog.js';
import {
  button,
  clearFieldErrors,
  confirmDialog,
  copyButton,
  emptyState,
  field,
  keepFocus,
  openDialog,
  pageHeader,
  showFieldErrors,
  spinner,
  statusBadge,
  table,
  toast,
} from '../ui.js';

export async function renderKeys(ctx) {
  const page = h('div', null, spinner());
  // A reload redraws the table; focus stays on the same control (or its row) rather than falling to <body>.
  const reload = () =>
    keepFocus(async () => {
      const [{ keys }, usage] = await Promise.all([get('/api/keys'), get('/api/usage?days=7')]);
      mount(page, view(ctx, keys, usage, reload));
    });
  await reload();
  return page;
}

function view(ctx, keys, usage, reload) {
  const { me } = ctx.app;
  const daily = new Map(usage.keys.map((k) => [k.id, k.daily]));
  const byId = new Map(keys.map((k) => [k.id, k]));
  // A rolled key in its grace period does not count: its successor takes its place (as the server counts).
  const active = keys.filter((k) => k.status === 'active' && !rollingOut(k)).length;
  const atCap = active >= me.plan.maxKeys;
  const create = button('Create key', () => openCreate(ctx, reload), {
    kind: 'primary',
    disabled: atCap,
    title: atCap ? `The ${planLabel(me)} allows ${me.plan.maxKeys} active keys` : undefined,
    dataset: { testid: 'create-key' },
  });
  const header = pageHeader(
    'API keys',
    h('span', { dataset: { testid: 'keys-plan' } }, `${active} of ${me.plan.maxKeys} active keys on your ${planLabel(me)}. Keys are shown in full only once, when created.`),
    create,
  );
  if (!keys.length)
    return h(
      'div',
      null,
      header,
      h(
        'section',
        { class: 'card' },
        emptyState(
          'No keys yet',
          'Create a key, then call the API with it in the x-api-key header.',
          button('Create your first key', () => openCreate(ctx, reload), { kind: 'primary' }),
        ),
      ),
    );
  // Eight columns that fit a laptop's content column (1280 px screen): a key's name, hint and status together, its
  // restrictions together, its dates together, and the actions stacked. On a phone the same rows become cards.
  const rows = keys.map((k) => {
    const revoked = k.status === 'revoked';
    return h(
      'tr',
      { class: revoked ? 'row-muted' : '', dataset: { keyId: k.id, testid: 'key-row' } },
      h(
        'td',
        { class: 'key-cell' },
        h('strong', { class: 'key-label' }, k.label),
        h('div', null, h('code', { class: 'hint' }, k.hint)),
        k.usageTag ? h('div', { class: 'muted small', dataset: { testid: 'key-usage-tag-shown' } }, 'tag ', h('code', null, k.usageTag)) : null,
        h(
          'div',
          { class: 'key-status' },
          statusBadge(k.status),
          k.expiresAt && !revoked
            ? h('span', { class: 'muted small', title: k.expiresAt }, k.status === 'expired' ? `expired ${date(k.expiresAt)}` : `expires ${date(k.expiresAt)}`)
            : null,
        ),
        rotationNote(k, byId),
      ),
      h(
        'td',
        { class: 'wide' },
        h(
          'div',
          { class: 'chips' },
          k.scopes.map((s) => h('span', { class: 'chip' }, s)),
        ),
      ),
      h(
        'td',
        { class: 'wide' },
        k.allowedIps.length
          ? h(
              'div',
              { class: 'chips' },
              k.allowedIps.map((ip) => h('span', { class: 'chip chip-mono' }, ip)),
            )
          : h('span', { class: 'muted' }, 'any IP'),
      ),
      h('td', null, h('span', { class: 'nowrap' }, rate(k.effectiveRateLimit)), k.rateLimit ? null : h('div', { class: 'muted small' }, 'plan default')),
      h('td', { class: 'nowrap', title: k.createdAt }, date(k.createdAt)),
      h('td', { title: k.lastUsedAt || '' }, relative(k.lastUsedAt)),
      h('td', null, sparkline(daily.get(k.id) || emptyWeek(usage))),
      h(
        'td',
        { class: 'actions' },
        revoked
          ? null
          : h(
              'div',
              { class: 'action-stack' },
              button('Edit', () => openEdit(ctx, k, reload), { kind: 'ghost', 'aria-label': `Edit “${k.label}”`, dataset: { testid: 'edit-key' } }),
              button('CDS', () => openCdsClient(k), {
                kind: 'ghost',
                'aria-label': `CDS client of “${k.label}”`,
                title: 'CDS Hooks client: the EHR’s JWT issuer and public keys',
                dataset: { testid: 'cds-client' },
              }),
              k.status === 'active' && !k.rotation?.successorId
                ? button('Roll', () => openRoll(k, reload), {
                    kind: 'ghost',
                    'aria-label': `Roll “${k.label}”`,
                    title: 'Issue a replacement key; this one keeps working for a grace period you choose',
                    dataset: { testid: 'roll-key' },
                  })
                : null,
              button('Revoke', () => revoke(k, reload), { kind: 'ghost-danger', 'aria-label': `Revoke “${k.label}”`, dataset: { testid: 'revoke-key' } }),
            ),
      ),
    );
  });
  return h(
    'div',
    null,
    header,
    h(
      'section',
      { class: 'card card-flush' },
      table(['Key', 'Scopes', 'IP restrictions', 'Rate limit', 'Created', 'Last used', '7 days', { label: 'Actions', class: 'actions', hidden: true }], rows, {
        testid: 'keys-table',
        className: 'keys-table',
      }),
    ),
  );
}

/** A rolled key still in its grace period. */
const rollingOut = (k) => Boolean(k.rotation && k.rotation.successorId && k.rotation.state === 'grace');

const hintOf = (byId, id) => byId.get(id)?.hint ?? 'another key';

const ENDED_BECAUSE = {
  grace_elapsed: 'grace period over',
  idle_after_successor_use: 'new key in use, this one idle',
  revoked: 'revoked',
};

/** The key's part in a roll: "rotating → successor, valid until …", "replaced by …", or "replaces …". */
function rotationNote(k, byId) {
  const r = k.rotation;
  if (!r) return null;
  const note = (...parts) => h('div', { class: 'key-rotation small', dataset: { testid: 'key-rotation', state: r.state } }, ...parts);
  if (r.successorId && r.state === 'grace')
    return note(
      h('span', { class: 'badge badge-warn' }, 'rotating'),
      ' → ',
      h('code', null, hintOf(byId, r.successorId)),
      h('span', { title: r.graceEndsAt }, `, old key valid until ${dateTime(r.graceEndsAt)} (`, relative(r.graceEndsAt), ')'),
    );
  if (r.successorId)
    return note(
      'replaced by ',
      h('code', null, hintOf(byId, r.successorId)),
      h('span', { class: 'muted', title: r.endedAt || '' }, ` (${ENDED_BECAUSE[r.endedReason] || 'ended'})`),
    );
  if (r.predecessorId && r.state === 'grace')
    return note(
      'replaces ',
      h('code', null, hintOf(byId, r.predecessorId)),
      h('span', { class: 'muted', title: r.graceEndsAt }, ` (still valid until ${dateTime(r.graceEndsAt)})`),
    );
  return note(h('span', { class: 'muted' }, 'replaces '), h('code', null, hintOf(byId, r.predecessorId)));
}

const GRACE_CHOICES = [
  { value: '0', label: 'End now (revoke the old key at once)' },
  { value: '3600', label: '1 hour' },
  { value: '86400', label: '24 hours' },
  { value: '604800', label: '7 days' },
  { value: 'custom', label: 'Custom…' },
];
const IDLE_CHOICES = [
  [300, '5 minutes'],
  [900, '15 minutes'],
  [3600, '1 hour'],
  [21_600, '6 hours'],
  [86_400, '24 hours'],
];

/** Roll: choose the old key's grace period and idle time; the successor is shown once, like a new key. */
function openRoll(k, reload) {
  let createdKey = null; // the successor's full key: held only while the show-once panel is open
  let rolled = false;
  openDialog({
    title: `Roll “${k.label}”`,
    testid: 'roll-dialog',
    onClose: () => {
      createdKey = null;
      if (rolled) void reload();
    },
    render: (close, { setTitle, setGuard, body }) => {
      const grace = h(
        'fieldset',
        { class: 'field checks', dataset: { testid: 'roll-grace' } },
        h('legend', null, 'Old key keeps working for'),
        GRACE_CHOICES.map((c) =>
          h('label', { class: 'check' }, h('input', { type: 'radio', name: 'grace', value: c.value, checked: c.value === '86400' ? true : undefined }), c.label),
        ),
        h('p', { class: 'field-error', 'data-error-for': '/gracePeriodSeconds', 'aria-live': 'polite' }),
      );
      const customAmount = h('input', {
        type: 'number',
        min: 1,
        step: 1,
        value: 2,
        class: 'input-num input-num-short',
        'aria-label': 'Custom grace period',
        dataset: { testid: 'roll-custom-amount' },
      });
      const customUnit = h(
        'select',
        { 'aria-label': 'Custom grace unit', dataset: { testid: 'roll-custom-unit' } },
        h('option', { value: '60' }, 'minutes'),
        h('option', { value: '3600', selected: true }, 'hours'),
        h('option', { value: '86400' }, 'days'),
      );
      const custom = h('div', { class: 'check rl-custom', hidden: true }, customAmount, customUnit, h('span', { class: 'muted' }, 'up to 7 days'));
      grace.insertBefore(custom, grace.querySelector('.field-error'));
      const choice = () => grace.querySelector('input[name=grace]:checked')?.value;
      grace.addEventListener('change', () => {
        custom.hidden = choice() !== 'custom';
      });
      const idle = h(
        'select',
        { name: 'idleSeconds', dataset: { testid: 'roll-idle' } },
        IDLE_CHOICES.map(([v, label]) => h('option', { value: String(v), selected: v === 3600 ? true : undefined }, label)),
      );
      const idleField = field('End early when the old key is idle for', idle, {
        pointer: '/idleSeconds',
        hint: 'Once the new key has been used and the old key has not been used for this long, the old key stops working before the grace period ends.',
      });
      const graceSeconds = () => (choice() === 'custom' ? Number(customAmount.value) * Number(customUnit.value) : Number(choice()));
      const general = h('div', { class: 'form-general' });
      const submit = h('button', { class: 'btn btn-primary', type: 'submit', dataset: { testid: 'roll-submit' } }, 'Roll key');
      const form = h(
        'form',
        {
          novalidate: true,
          onsubmit: async (e) => {
            e.preventDefault();
            clearFieldErrors(form);
            const seconds = graceSeconds();
            if (!Number.isInteger(seconds) || seconds < 0 || seconds > 604_800)
              return showFieldErrors(
                form,
                { errors: [{ pointer: '/gracePeriodSeconds', message: 'a whole number of minutes, hours or days, up to 7 days' }], message: 'Check the form.' },
                general,
              );
            submit.disabled = true;
            try {
              const result = await post(`/api/keys/${encodeURIComponent(k.id)}/roll`, { gracePeriodSeconds: seconds, idleSeconds: Number(idle.value) });
              rolled = true;
              createdKey = result.successor.key;
              setTitle('Your new API key');
              const panel = showOnce(result.successor, () => createdKey, close);
              setGuard(() => panel.copied() || confirmDiscard(result.successor));
              const old = result.previous;
              const until =
                old.status === 'revoked'
                  ? h('p', { dataset: { testid: 'roll-old-state' } }, 'The old key ', h('code', null, old.hint), ' is revoked.')
                  : h(
                      'p',
                      { dataset: { testid: 'roll-old-state' } },
                      'The old key ',
                      h('code', null, old.hint),
                      ` keeps working until ${dateTime(old.rotation.graceEndsAt)}, or until it has been idle ${idle.selectedOptions[0].textContent} after the new key is first used.`,
                    );
              panel.el.insertBefore(until, panel.el.querySelector('.dialog-actions'));
              mount(body, panel.el);
              panel.focus();
            } catch (err) {
              submit.disabled = false;
              showFieldErrors(form, err, general);
            }
          },
        },
        h(
          'p',
          { class: 'muted' },
          'A new key with the same scopes, IP restrictions, rate limit, usage tag and expiry replaces ',
          h('code', null, k.hint),
          '. Deploy the new key, then let the old one run out.',
        ),
        grace,
        idleField,
        general,
        h('div', { class: 'dialog-actions' }, button('Cancel', close), submit),
      );
      return form;
    },
  });
}

function emptyWeek(usage) {
  return usage.daily.map((d) => ({ day: d.day, allowed: 0, rateLimited: 0, denied: 0 }));
}

async function revoke(k, reload) {
  const ok = await confirmDialog({
    title: 'Revoke key?',
    message: h(
      'div',
      null,
      h('p', null, 'Revoke ', h('strong', { dataset: { testid: 'confirm-key-label' } }, `“${k.label}”`), ' (', h('code', null, k.hint), ')?'),
      h('p', { class: 'muted' }, 'Every request with this key is refused from now on, on every API instance. This cannot be undone.'),
    ),
    confirmLabel: `Revoke “${k.label}”`,
  });
  if (!ok) return;
  try {
    await post(`/api/keys/${encodeURIComponent(k.id)}/revoke`);
    toast(`Key “${k.label}” revoked.`);
  } catch (err) {
    toast(err.message, 'error');
  }
  await reload();
}

/** The shared create/edit form. `initial` is an existing key (edit) or undefined (create). */
function keyForm(ctx, initial) {
  const { config, me } = ctx.app;
  const label = h('input', {
    name: 'label',
    required: true,
    maxlength: 100,
    value: initial ? initial.label : '',
    placeholder: 'e.g. Pharmacy system (production)',
    dataset: { testid: 'key-label' },
  });
  const scopeBoxes = config.scopes.map((s) => h('input', { type: 'checkbox', name: 'scopes', value: s, checked: initial ? initial.scopes.includes(s) : true }));
  const scopes = h(
    'fieldset',
    { class: 'field checks' },
    h('legend', null, 'Scopes'),
    scopeBoxes.map((b) => h('label', { class: 'check' }, b, h('code', null, b.value))),
    h('p', { class: 'field-error', 'data-error-for': '/scopes' }),
  );
  const ips = h(
    'textarea',
    { name: 'allowedIps', rows: 3, placeholder: 'Any IP. Or one per line: 203.0.113.7, 10.0.0.0/8, 2001:db8::/32', dataset: { testid: 'key-ips' } },
    initial ? initial.allowedIps.join('\n') : '',
  );
  const ipStatus = h('ul', { class: 'ip-feedback', 'aria-live': 'polite', dataset: { testid: 'ip-feedback' } });
  const checkIps = () => {
    const entries = splitEntries(ips.value);
    const problems = entries.map((e) => [e, ipProblem(e)]).filter(([, p]) => p);
    mount(
      ipStatus,
      problems.map(([e, p]) => h('li', { class: 'bad' }, h('code', null, e), ` — ${p}`)),
      entries.length && !problems.length ? h('li', { class: 'good' }, `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} OK`) : null,
    );
    ips.closest('.field')?.classList.toggle('invalid', problems.length > 0);
    ips.setAttribute('aria-invalid', String(problems.length > 0));
    return problems.length === 0;
  };
  ips.addEventListener('input', checkIps);
  const ipField = field('Allowed IPs / CIDR ranges', ips, { pointer: '/allowedIps', hint: 'Requests from other addresses get 403 ip_not_allowed. Leave empty to allow any IP.' });
  ipField.insertBefore(ipStatus, ipField.querySelector('.field-error'));

  // Any window the API accepts (1 s to 1 day) is shown as it is stored: 100 per 90 seconds stays 90 seconds.
  const custom = Boolean(initial && initial.rateLimit);
  const shown = custom ? initial.rateLimit : me.plan.rateLimit;
  const shownWindow = splitWindow(shown.windowSeconds);
  const useDefault = h('input', { type: 'radio', name: 'rl', value: 'default', checked: !custom, dataset: { testid: 'rl-default' } });
  const useCustom = h('input', { type: 'radio', name: 'rl', value: 'custom', checked: custom, dataset: { testid: 'rl-custom' } });
  const rlLimit = h('input', {
    type: 'number',
    min: 1,
    max: 1000000,
    step: 1,
    value: shown.limit,
    'aria-label': 'Requests',
    class: 'input-num',
    dataset: { testid: 'rl-limit' },
  });
  const rlAmount = h('input', {
    type: 'number',
    min: 1,
    max: 86400,
    step: 1,
    value: shownWindow.amount,
    'aria-label': 'Window length',
    class: 'input-num input-num-short',
    dataset: { testid: 'rl-window' },
  });
  const rlUnit = h(
    'select',
    { 'aria-label': 'Window unit', dataset: { testid: 'rl-unit' } },
    [...WINDOW_UNITS].reverse().map((u) => h('option', { value: u.seconds, selected: shownWindow.unit === u.seconds ? true : undefined }, `${u.name}s`)),
  );
  const windowSeconds = () => Number(rlAmount.value) * Number(rlUnit.value);
  const syncRl = () => {
    rlLimit.disabled = rlAmount.disabled = rlUnit.disabled = useDefault.checked;
  };
  useDefault.addEventListener('change', syncRl);
  useCustom.addEventListener('change', syncRl);
  syncRl();
  const rateField = h(
    'fieldset',
    { class: 'field' },
    h('legend', null, 'Rate limit'),
    h('label', { class: 'check' }, useDefault, `Plan default (${rate(me.plan.rateLimit)})`),
    h('div', { class: 'check rl-custom' }, h('label', { class: 'check' }, useCustom, 'Custom:'), rlLimit, h('span', null, 'requests per'), rlAmount, rlUnit),
    h('p', { class: 'hint' }, 'A window from 1 second to 1 day, e.g. 100 requests per 90 seconds.'),
    h('p', { class: 'field-error', 'data-error-for': '/rateLimit' }),
  );

  const expirySel = h(
    'select',
    { name: 'expiry', dataset: { testid: 'key-expiry' } },
    initial ? h('option', { value: 'keep' }, initial.expiresAt ? `Keep (${date(initial.expiresAt)})` : 'Keep (never)') : null,
    h('option', { value: 'never' }, 'Never'),
    h('option', { value: '30' }, 'In 30 days'),
    h('option', { value: '90' }, 'In 90 days'),
    h('option', { value: '365' }, 'In 1 year'),
    h('option', { value: 'date' }, 'On a date…'),
  );
  const expiryDate = h('input', { type: 'date', hidden: true, 'aria-label': 'Expiry date', min: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) });
  expirySel.addEventListener('change', () => {
    expiryDate.hidden = expirySel.value !== 'date';
  });
  const expiryField = field('Expires', expirySel, { pointer: '/expiresAt' });
  expiryField.insertBefore(expiryDate, expiryField.querySelector('.field-error'));

  const tag = h('input', {
    name: 'usageTag',
    maxlength: 64,
    autocomplete: 'off',
    spellcheck: false,
    placeholder: 'e.g. pharmacy-module',
    value: initial?.usageTag ?? '',
    dataset: { testid: 'key-usage-tag' },
  });
  const tagField = field('Usage tag (optional)', tag, {
    pointer: '/usageTag',
    hint: 'Calls with this key that send no x-vigil-tag header count under this tag on the usage page.',
  });

  const values = () => {
    const body = { label: label.value.trim() };
    body.usageTag = tag.value.trim() === '' ? null : tag.value.trim().toLowerCase();
    body.scopes = scopeBoxes.filter((b) => b.checked).map((b) => b.value);
    body.allowedIps = splitEntries(ips.value);
    body.rateLimit = useCustom.checked ? { limit: Number(rlLimit.value), windowSeconds: windowSeconds() } : null;
    const v = expirySel.value;
    if (v === 'never') body.expiresAt = null;
    else if (v === 'date') body.expiresAt = expiryDate.value ? new Date(`${expiryDate.value}T23:59:59Z`).toISOString() : '';
    else if (v !== 'keep') body.expiresAt = new Date(Date.now() + Number(v) * 86_400_000).toISOString();
    return body;
  };
  const localErrors = () => {
    const errors = [];
    if (!label.value.trim()) errors.push({ pointer: '/label', message: 'give the key a label' });
    if (!scopeBoxes.some((b) => b.checked)) errors.push({ pointer: '/scopes', message: 'choose at least one scope' });
    if (!checkIps()) errors.push({ pointer: '/allowedIps', message: 'fix the entries above' });
    if (useCustom.checked && !(Number.isInteger(Number(rlLimit.value)) && Number(rlLimit.value) >= 1 && Number(rlLimit.value) <= 1_000_000))
      errors.push({ pointer: '/rateLimit', message: 'a whole number of requests, from 1 to 1,000,000' });
    else if (useCustom.checked && !(Number.isInteger(Number(rlAmount.value)) && windowSeconds() >= 1 && windowSeconds() <= 86_400))
      errors.push({ pointer: '/rateLimit', message: 'a window of whole units, from 1 second to 1 day' });
    if (expirySel.value === 'date' && !expiryDate.value) errors.push({ pointer: '/expiresAt', message: 'pick a date' });
    if (tag.value.trim() !== '' && !/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/.test(tag.value.trim()))
      errors.push({ pointer: '/usageTag', message: 'letters, digits, ".", "_", ":" or "-", starting with a letter or digit' });
    return errors;
  };
  const fields = [
    field('Label', label, { pointer: '/label', hint: 'Where the key is used; shown in the table and the audit log.' }),
    scopes,
    ipField,
    rateField,
    expiryField,
    tagField,
  ];
  if (initial) checkIps();
  return { fields, values, localErrors };
}

function openCreate(ctx, reload) {
  let createdKey = null; // the full key: held only while the show-once panel is open
  openDialog({
    title: 'Create API key',
    testid: 'create-dialog',
    wide: true,
    onClose: () => {
      createdKey = null;
      void reload();
    },
    render: (close, { setTitle, setGuard, body }) => {
      const f = keyForm(ctx);
      const general = h('div', { class: 'form-general' });
      const submit = h('button', { class: 'btn btn-primary', type: 'submit', dataset: { testid: 'create-submit' } }, 'Create key');
      const form = h(
        'form',
        {
          novalidate: true,
          onsubmit: async (e) => {
            e.preventDefault();
            clearFieldErrors(form);
            const errors = f.localErrors();
            if (errors.length) return showFieldErrors(form, { errors, message: 'Check the form.' }, general);
            const body2 = f.values();
            if (!body2.allowedIps.length) delete body2.allowedIps;
            if (body2.rateLimit === null) delete body2.rateLimit;
            if (body2.expiresAt === null) delete body2.expiresAt;
            if (body2.usageTag === null) delete body2.usageTag;
            submit.disabled = true;
            try {
              const created = await post('/api/keys', body2);
              createdKey = created.key;
              setTitle('Your new API key');
              const panel = showOnce(created, () => createdKey, close);
              // Escape or × before the key was copied would lose it for good: ask first.
              setGuard(() => panel.copied() || confirmDiscard(created));
              mount(body, panel.el);
              panel.focus();
            } catch (err) {
              submit.disabled = false;
              showFieldErrors(form, err, general);
            }
          },
        },
        f.fields,
        general,
        h('div', { class: 'dialog-actions' }, button('Cancel', close), submit),
      );
      return form;
    },
  });
}

function confirmDiscard(created) {
  return confirmDialog({
    title: 'Close without copying the key?',
    message: h(
      'div',
      { dataset: { testid: 'discard-warning' } },
      h('p', null, 'You have not copied ', h('strong', null, `“${created.label}”`), ' (', h('code', null, created.hint), '). Once this panel closes, nobody can show it again.'),
      h('p', { class: 'muted' }, 'If you close it anyway, revoke the key and create a new one when you need it.'),
    ),
    confirmLabel: 'Close and lose the key',
  });
}

/**
 * The one place a full key is ever shown. Closing the dialog drops it from the DOM and from memory. `copied()` says
 * whether it was copied (the Copy button, or a copy from the field).
 */
export function showOnce(created, getKey, close) {
  let copied = false;
  const input = h('input', {
    class: 'key-full',
    readonly: true,
    value: getKey(),
    spellcheck: 'false',
    autocomplete: 'off',
    'aria-label': 'API key',
    dataset: { testid: 'created-key' },
  });
  input.addEventListener('focus', () => input.select());
  input.addEventListener('copy', () => {
    copied = true;
  });
  const copy = copyButton(
    () => getKey() || '',
    () => input,
    'Copy key',
    (ok) => {
      copied ||= ok;
    },
  );
  const el = h(
    'div',
    { class: 'show-once', dataset: { testid: 'show-once' } },
    h(
      'div',
      { class: 'alert alert-warn', role: 'alert' },
      h('strong', null, 'Copy this key now. You will not see it again.'),
      h('p', null, 'Vigil stores only a hash of it. If you lose it, revoke it and create a new one.'),
    ),
    h('div', { class: 'key-box' }, input, copy),
    h(
      'dl',
      { class: 'meta' },
      h('dt', null, 'Label'),
      h('dd', null, created.label),
      h('dt', null, 'Hint'),
      h('dd', null, h('code', null, created.hint)),
      h('dt', null, 'Scopes'),
      h('dd', null, created.scopes.join(', ')),
      h('dt', null, 'Rate limit'),
      h('dd', null, rate(created.effectiveRateLimit)),
    ),
    h('div', { class: 'dialog-actions' }, button('I have stored the key — close', close, { kind: 'primary', dataset: { testid: 'close-show-once' } })),
  );
  return { el, copied: () => copied, focus: () => copy.focus() };
}

const sameSet = (a, b) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
const sameLimit = (a, b) => (a && b ? a.limit === b.limit && a.windowSeconds === b.windowSeconds : !a && !b);

/** What the edit form changed, and only that: a PATCH never rewrites a field the user did not touch. */
export function changedFields(k, v) {
  const changes = {};
  if (v.label !== k.label) changes.label = v.label;
  if (!sameSet(v.scopes, k.scopes)) changes.scopes = v.scopes;
  if (v.allowedIps.join('\n') !== k.allowedIps.join('\n')) changes.allowedIps = v.allowedIps;
  if (!sameLimit(v.rateLimit, k.rateLimit)) changes.rateLimit = v.rateLimit;
  if ('expiresAt' in v) changes.expiresAt = v.expiresAt;
  if ((v.usageTag ?? null) !== (k.usageTag ?? null)) changes.usageTag = v.usageTag;
  return changes;
}

function openEdit(ctx, k, reload) {
  openDialog({
    title: `Edit “${k.label}”`,
    testid: 'edit-dialog',
    wide: true,
    render: (close) => {
      const f = keyForm(ctx, k);
      const general = h('div', { class: 'form-general' });
      const submit = h('button', { class: 'btn btn-primary', type: 'submit', dataset: { testid: 'edit-submit' } }, 'Save changes');
      const form = h(
        'form',
        {
          novalidate: true,
          onsubmit: async (e) => {
            e.preventDefault();
            clearFieldErrors(form);
            const errors = f.localErrors();
            if (errors.length) return showFieldErrors(form, { errors, message: 'Check the form.' }, general);
            const v = f.values();
            const changes = changedFields(k, v);
            if (!Object.keys(changes).length) return close();
            submit.disabled = true;
            try {
              await patch(`/api/keys/${encodeURIComponent(k.id)}`, changes);
              toast(`Key “${v.label}” updated.`);
              close();
              await reload();
            } catch (err) {
              submit.disabled = false;
              showFieldErrors(form, err, general);
            }
          },
        },
        f.fields,
        general,
        h('div', { class: 'dialog-actions' }, button('Cancel', close), submit),
      );
      return form;
    },
  });
}
