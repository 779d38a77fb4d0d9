// Keys: the account's API keys with a 7-day sparkline each; create (show-once panel), edit restrictions, revoke.
import { get, patch, post } from '../api.js';
import { sparkline } from '../charts.js';
import { h, mount } from '../dom.js';
import { WINDOW_CHOICES, date, rate, relative } from '../format.js';
import { ipProblem, splitEntries } from '../ip-validate.js';
import { button, clearFieldErrors, confirmDialog, copyButton, emptyState, field, openDialog, pageHeader, showFieldErrors, spinner, statusBadge, table, toast } from '../ui.js';

export async function renderKeys(ctx) {
  const page = h('div', null, spinner());
  const reload = async () => {
    const [{ keys }, usage] = await Promise.all([get('/api/keys'), get('/api/usage?days=7')]);
    mount(page, view(ctx, keys, usage, reload));
  };
  await reload();
  return page;
}

function view(ctx, keys, usage, reload) {
  const { me } = ctx.app;
  const daily = new Map(usage.keys.map((k) => [k.id, k.daily]));
  const active = keys.filter((k) => k.status === 'active').length;
  const atCap = active >= me.plan.maxKeys;
  const create = button('Create key', () => openCreate(ctx, reload), {
    kind: 'primary',
    disabled: atCap,
    title: atCap ? `The ${me.plan.name} plan allows ${me.plan.maxKeys} active keys` : undefined,
    dataset: { testid: 'create-key' },
  });
  const header = pageHeader('API keys', `${active} of ${me.plan.maxKeys} active keys on the ${me.plan.name} plan. Keys are shown in full only once, when created.`, create);
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
  const rows = keys.map((k) => {
    const revoked = k.status === 'revoked';
    return h(
      'tr',
      { class: revoked ? 'row-muted' : '', dataset: { keyId: k.id, testid: 'key-row' } },
      h('td', null, h('strong', { class: 'key-label' }, k.label)),
      h('td', null, h('code', { class: 'hint' }, k.hint)),
      h(
        'td',
        null,
        statusBadge(k.status),
        k.expiresAt && !revoked
          ? h('div', { class: 'muted small', title: k.expiresAt }, k.status === 'expired' ? `expired ${date(k.expiresAt)}` : `expires ${date(k.expiresAt)}`)
          : null,
      ),
      h(
        'td',
        null,
        h(
          'div',
          { class: 'chips' },
          k.scopes.map((s) => h('span', { class: 'chip' }, s)),
        ),
      ),
      h(
        'td',
        null,
        k.allowedIps.length
          ? h(
              'div',
              { class: 'chips' },
              k.allowedIps.map((ip) => h('span', { class: 'chip chip-mono' }, ip)),
            )
          : h('span', { class: 'muted' }, 'any IP'),
      ),
      h('td', { class: 'nowrap' }, rate(k.effectiveRateLimit), k.rateLimit ? null : h('div', { class: 'muted small' }, 'plan default')),
      h('td', { class: 'nowrap', title: k.createdAt }, date(k.createdAt)),
      h('td', { class: 'nowrap', title: k.lastUsedAt || '' }, relative(k.lastUsedAt)),
      h('td', null, sparkline(daily.get(k.id) || emptyWeek(usage))),
      h(
        'td',
        { class: 'actions' },
        revoked
          ? null
          : [
              button('Edit', () => openEdit(ctx, k, reload), { kind: 'ghost', dataset: { testid: 'edit-key' } }),
              button('Revoke', () => revoke(k, reload), { kind: 'ghost-danger', dataset: { testid: 'revoke-key' } }),
            ],
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
      table(['Label', 'Key', 'Status', 'Scopes', 'IP restrictions', 'Rate limit', 'Created', 'Last used', { label: '7 days' }, { label: '', class: 'actions' }], rows, {
        testid: 'keys-table',
      }),
    ),
  );
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

  const custom = Boolean(initial && initial.rateLimit);
  const useDefault = h('input', { type: 'radio', name: 'rl', value: 'default', checked: !custom });
  const useCustom = h('input', { type: 'radio', name: 'rl', value: 'custom', checked: custom });
  const rlLimit = h('input', {
    type: 'number',
    min: 1,
    max: 1000000,
    step: 1,
    value: custom ? initial.rateLimit.limit : me.plan.rateLimit.limit,
    'aria-label': 'Requests',
    class: 'input-num',
  });
  const rlWindow = h(
    'select',
    { 'aria-label': 'per' },
    WINDOW_CHOICES.map((w) =>
      h('option', { value: w.seconds, selected: (custom ? initial.rateLimit.windowSeconds : me.plan.rateLimit.windowSeconds) === w.seconds ? true : undefined }, w.name),
    ),
  );
  const syncRl = () => {
    rlLimit.disabled = rlWindow.disabled = useDefault.checked;
  };
  useDefault.addEventListener('change', syncRl);
  useCustom.addEventListener('change', syncRl);
  syncRl();
  const rateField = h(
    'fieldset',
    { class: 'field' },
    h('legend', null, 'Rate limit'),
    h('label', { class: 'check' }, useDefault, `Plan default (${rate(me.plan.rateLimit)})`),
    h('label', { class: 'check' }, useCustom, 'Custom:', rlLimit, 'requests per', rlWindow),
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

  const values = () => {
    const body = { label: label.value.trim() };
    body.scopes = scopeBoxes.filter((b) => b.checked).map((b) => b.value);
    body.allowedIps = splitEntries(ips.value);
    body.rateLimit = useCustom.checked ? { limit: Number(rlLimit.value), windowSeconds: Number(rlWindow.value) } : null;
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
    if (useCustom.checked && !(Number.isInteger(Number(rlLimit.value)) && Number(rlLimit.value) >= 1))
      errors.push({ pointer: '/rateLimit', message: 'a whole number of requests, at least 1' });
    if (expirySel.value === 'date' && !expiryDate.value) errors.push({ pointer: '/expiresAt', message: 'pick a date' });
    return errors;
  };
  const fields = [field('Label', label, { pointer: '/label', hint: 'Where the key is used; shown in the table and the audit log.' }), scopes, ipField, rateField, expiryField];
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
    render: (close, { setTitle, body }) => {
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
            submit.disabled = true;
            try {
              const created = await post('/api/keys', body2);
              createdKey = created.key;
              setTitle('Your new API key');
              mount(
                body,
                showOnce(created, () => createdKey, close),
              );
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

/** The one place a full key is ever shown. Closing the dialog drops it from the DOM and from memory. */
function showOnce(created, getKey, close) {
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
  return h(
    'div',
    { class: 'show-once', dataset: { testid: 'show-once' } },
    h(
      'div',
      { class: 'alert alert-warn', role: 'alert' },
      h('strong', null, 'Copy this key now. You will not see it again.'),
      h('p', null, 'Vigil stores only a hash of it. If you lose it, revoke it and create a new one.'),
    ),
    h(
      'div',
      { class: 'key-box' },
      input,
      copyButton(
        () => getKey() || '',
        () => input,
        'Copy key',
      ),
    ),
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
            const changes = {};
            if (v.label !== k.label) changes.label = v.label;
            if (v.scopes.join() !== k.scopes.join()) changes.scopes = v.scopes;
            if (v.allowedIps.join() !== k.allowedIps.join()) changes.allowedIps = v.allowedIps;
            if (JSON.stringify(v.rateLimit) !== JSON.stringify(k.rateLimit)) changes.rateLimit = v.rateLimit;
            if ('expiresAt' in v) changes.expiresAt = v.expiresAt;
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
