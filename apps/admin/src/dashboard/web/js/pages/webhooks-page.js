// Webhooks: the endpoints of the selected organisation (a selector when the user belongs to several); owners and
// admins add (events as checkboxes, the signing secret shown once), enable or disable, rotate the secret (shown once;
// the old one keeps signing for 24 h), send a test event and delete; developers see the endpoints (each URL without
// its query) and their delivery logs; viewers are told their role may not.
import { del, get, patch, post, query } from '../api.js';
import { h, mount } from '../dom.js';
import { dateTime, num } from '../format.js';
import { badge, button, clearFieldErrors, confirmDialog, copyButton, emptyState, field, keepFocus, openDialog, pageHeader, showFieldErrors, spinner, table, toast } from '../ui.js';

/** The events an endpoint can subscribe to (the contract's WEBHOOK_EVENT_TYPES), with what each means. */
export const WEBHOOK_EVENTS = [
  ['key.created', 'A key of the organisation was created'],
  ['key.revoked', 'A key of the organisation was revoked'],
  ['key.expiring', 'A key expires soon (at most one notice a week)'],
  ['key.exposed', 'A key was reported exposed and revoked'],
  ['kb.release.activated', 'A new knowledge-base release went live'],
  ['quota.threshold', 'The owner’s calls this month reached 80 % or 100 % of the plan’s quota'],
];
const MAX_ENDPOINTS = 10;
const DELIVERY_TONES = { succeeded: 'ok', failed: 'bad', pending: 'warn' };

/** The organisation last picked on this page (kept while the tab lives). */
let selectedOrgId = null;

export async function renderWebhooks() {
  const page = h('div', null, spinner());
  const reload = () =>
    keepFocus(async () => {
      const { organisations } = await get('/api/orgs');
      const org = organisations.find((o) => o.id === selectedOrgId) || organisations.find((o) => o.role === 'owner') || organisations[0];
      if (!org) {
        mount(page, pageHeader('Webhooks'), h('section', { class: 'card' }, emptyState('No organisation', 'Create an organisation to register webhook endpoints.')));
        return;
      }
      selectedOrgId = org.id;
      const picker = orgPicker(organisations, org, reload);
      if (!org.actions.includes('webhooks.read')) {
        mount(
          page,
          pageHeader('Webhooks', `Endpoints of ${org.name}.`),
          picker,
          h(
            'section',
            { class: 'card', dataset: { testid: 'webhooks-no-access' } },
            emptyState('Not available to your role', `As a ${org.role} of ${org.name} you cannot see its webhook endpoints; owners, admins and developers can.`),
          ),
        );
        return;
      }
      const { endpoints } = await get(`/api/orgs/${encodeURIComponent(org.id)}/webhooks`);
      mount(page, view(org, picker, endpoints, reload));
    });
  await reload();
  return page;
}

/** The organisation selector, shown when the user belongs to more than one. */
function orgPicker(organisations, org, reload) {
  if (organisations.length < 2) return null;
  const select = h(
    'select',
    {
      dataset: { testid: 'webhooks-org' },
      onchange: () => {
        selectedOrgId = select.value;
        void reload();
      },
    },
    organisations.map((o) => h('option', { value: o.id, selected: o.id === org.id ? true : undefined }, `${o.name} (${o.role})`)),
  );
  return h('div', { class: 'chart-controls' }, h('label', { class: 'filter org-picker' }, h('span', null, 'Organisation'), select));
}

function view(org, picker, endpoints, reload) {
  const base = `/api/orgs/${encodeURIComponent(org.id)}/webhooks`;
  const manage = org.actions.includes('webhooks.manage');
  const atCap = endpoints.length >= MAX_ENDPOINTS;
  const add = manage
    ? button('Add endpoint', () => openCreate(base, org, reload), {
        kind: 'primary',
        disabled: atCap,
        title: atCap ? `At most ${MAX_ENDPOINTS} endpoints` : undefined,
        dataset: { testid: 'add-webhook' },
      })
    : null;
  const header = pageHeader(
    'Webhooks',
    `Vigil posts signed events (Standard Webhooks: HMAC-SHA256) about ${org.name}’s keys to its endpoints. ${endpoints.length} of ${MAX_ENDPOINTS} endpoints.`,
    ...(add ? [add] : []),
  );
  const readOnly = manage
    ? null
    : h(
        'p',
        { class: 'alert alert-info', dataset: { testid: 'webhooks-read-only' } },
        `As a ${org.role} you see these endpoints (each address without its query) and their delivery logs; owners and admins manage them.`,
      );
  if (!endpoints.length)
    return h(
      'div',
      null,
      header,
      picker,
      readOnly,
      h(
        'section',
        { class: 'card' },
        emptyState(
          'No endpoints yet',
          manage
            ? 'Add an https URL to be told when the organisation’s keys are created, revoked, expiring or exposed, when a knowledge-base release goes live, or when the monthly quota runs low.'
            : 'Owners and admins of the organisation can add one.',
          manage ? button('Add your first endpoint', () => openCreate(base, org, reload), { kind: 'primary' }) : null,
        ),
      ),
    );
  const rows = endpoints.map((e) =>
    h(
      'tr',
      { class: e.enabled ? '' : 'row-muted', dataset: { endpointId: e.id, testid: 'webhook-row' } },
      h(
        'td',
        { class: 'key-cell' },
        h('code', { class: 'webhook-url' }, e.url),
        e.description ? h('div', { class: 'muted small' }, e.description) : null,
        h(
          'div',
          { class: 'key-status' },
          badge(e.enabled ? 'enabled' : 'disabled', e.enabled ? 'ok' : 'neutral'),
          e.secretRotatingUntil ? badge('old secret valid', 'warn', `The previous secret also signs until ${e.secretRotatingUntil}`) : null,
        ),
      ),
      h(
        'td',
        { class: 'wide' },
        h(
          'div',
          { class: 'chips' },
          e.eventTypes.map((t) => h('span', { class: 'chip chip-mono' }, t)),
        ),
      ),
      h('td', { class: 'nowrap' }, dateTime(e.createdAt)),
      h(
        'td',
        { class: 'actions' },
        h(
          'div',
          { class: 'action-stack' },
          button('Deliveries', () => openDeliveries(base, e), { kind: 'ghost', 'aria-label': `Deliveries to ${e.url}`, dataset: { testid: 'webhook-deliveries' } }),
          manage ? button('Send test', () => sendTest(base, e), { kind: 'ghost', 'aria-label': `Send test to ${e.url}`, dataset: { testid: 'webhook-test' } }) : null,
          manage
            ? button(e.enabled ? 'Disable' : 'Enable', () => toggle(base, e, reload), {
                kind: 'ghost',
                'aria-label': `${e.enabled ? 'Disable' : 'Enable'} ${e.url}`,
                dataset: { testid: 'webhook-toggle' },
              })
            : null,
          manage
            ? button('Rotate secret', () => rotate(base, e, reload), { kind: 'ghost', 'aria-label': `Rotate secret of ${e.url}`, dataset: { testid: 'webhook-rotate' } })
            : null,
          manage ? button('Delete', () => remove(base, e, reload), { kind: 'ghost-danger', 'aria-label': `Delete ${e.url}`, dataset: { testid: 'webhook-delete' } }) : null,
        ),
      ),
    ),
  );
  return h(
    'div',
    null,
    header,
    picker,
    readOnly,
    h(
      'section',
      { class: 'card card-flush' },
      table(['Endpoint', 'Events', 'Created', { label: 'Actions', class: 'actions', hidden: true }], rows, { testid: 'webhooks-table', className: 'webhooks-table' }),
    ),
  );
}

async function sendTest(base, e) {
  try {
    const r = await post(`${base}/${encodeURIComponent(e.id)}/test`);
    toast(`Test event ${r.eventId} queued${e.enabled ? '' : ' (sent once the endpoint is enabled)'}.`);
  } catch (err) {
    toast(err.message, 'error');
  }
}

async function toggle(base, e, reload) {
  try {
    await patch(`${base}/${encodeURIComponent(e.id)}`, { enabled: !e.enabled });
    toast(`${e.url} ${e.enabled ? 'disabled' : 'enabled'}.`);
  } catch (err) {
    toast(err.message, 'error');
  }
  await reload();
}

async function remove(base, e, reload) {
  const ok = await confirmDialog({
    title: 'Delete endpoint?',
    message: h('div', null, h('p', null, 'Delete ', h('code', null, e.url), '?'), h('p', { class: 'muted' }, 'Pending deliveries and the delivery log go with it.')),
    confirmLabel: 'Delete endpoint',
  });
  if (!ok) return;
  try {
    await del(`${base}/${encodeURIComponent(e.id)}`);
    toast('Endpoint deleted.');
  } catch (err) {
    toast(err.message, 'error');
  }
  await reload();
}

async function rotate(base, e, reload) {
  const ok = await confirmDialog({
    title: 'Rotate the signing secret?',
    message: h(
      'div',
      null,
      h('p', null, 'A new secret signs every delivery to ', h('code', null, e.url), ' from now on.'),
      h('p', { class: 'muted' }, 'For 24 hours the current secret signs too (a second signature), so your receiver can switch without missing an event.'),
    ),
    confirmLabel: 'Rotate secret',
    danger: false,
  });
  if (!ok) return;
  try {
    const rotated = await post(`${base}/${encodeURIComponent(e.id)}/rotate-secret`);
    showSecret('New signing secret', rotated, reload);
  } catch (err) {
    toast(err.message, 'error');
    await reload();
  }
}

/** The one place a signing secret is shown: closing the dialog drops it from the page. */
function showSecret(title, endpoint, reload) {
  let secret = endpoint.secret;
  openDialog({
    title,
    testid: 'secret-dialog',
    wide: true,
    onClose: () => {
      secret = null;
      void reload();
    },
    render: (close) => {
      const input = h('input', {
        class: 'key-full',
        readonly: true,
        value: secret,
        spellcheck: 'false',
        autocomplete: 'off',
        'aria-label': 'Signing secret',
        dataset: { testid: 'webhook-secret' },
      });
      input.addEventListener('focus', () => input.select());
      return h(
        'div',
        { class: 'show-once', dataset: { testid: 'show-once' } },
        h(
          'div',
          { class: 'alert alert-warn', role: 'alert' },
          h('strong', null, 'Copy this signing secret now. You will not see it again.'),
          h('p', null, 'Your receiver verifies each delivery’s webhook-signature header with it (any Standard Webhooks library does).'),
        ),
        h(
          'div',
          { class: 'key-box' },
          input,
          copyButton(
            () => secret || '',
            () => input,
            'Copy secret',
          ),
        ),
        h('dl', { class: 'meta' }, h('dt', null, 'Endpoint'), h('dd', null, h('code', null, endpoint.url)), h('dt', null, 'Events'), h('dd', null, endpoint.eventTypes.join(', '))),
        h('div', { class: 'dialog-actions' }, button('I have stored the secret — close', close, { kind: 'primary', dataset: { testid: 'close-show-once' } })),
      );
    },
  });
}

function openCreate(base, org, reload) {
  openDialog({
    title: `Add a webhook endpoint to ${org.name}`,
    testid: 'create-webhook-dialog',
    wide: true,
    render: (close) => {
      const url = h('input', {
        name: 'url',
        type: 'url',
        required: true,
        maxlength: 2048,
        placeholder: 'https://hooks.example.org/vigil',
        autocomplete: 'off',
        dataset: { testid: 'webhook-url' },
      });
      const description = h('input', { name: 'description', maxlength: 200, placeholder: 'e.g. Ops alerts', dataset: { testid: 'webhook-description' } });
      const boxes = WEBHOOK_EVENTS.map(([type]) => h('input', { type: 'checkbox', name: 'eventTypes', value: type, checked: true }));
      const events = h(
        'fieldset',
        { class: 'field checks' },
        h('legend', null, 'Events'),
        boxes.map((b, i) => h('label', { class: 'check' }, b, h('code', null, b.value), h('span', { class: 'muted small' }, ` ${WEBHOOK_EVENTS[i][1]}`))),
        h('p', { class: 'field-error', 'data-error-for': '/eventTypes' }),
      );
      const general = h('div', { class: 'form-general' });
      const submit = h('button', { class: 'btn btn-primary', type: 'submit', dataset: { testid: 'webhook-submit' } }, 'Add endpoint');
      const form = h(
        'form',
        {
          novalidate: true,
          onsubmit: async (ev) => {
            ev.preventDefault();
            clearFieldErrors(form);
            const errors = [];
            if (!/^https?:\/\/\S+$/i.test(url.value.trim())) errors.push({ pointer: '/url', message: 'an https:// URL' });
            if (!boxes.some((b) => b.checked)) errors.push({ pointer: '/eventTypes', message: 'choose at least one event' });
            if (errors.length) return showFieldErrors(form, { errors, message: 'Check the form.' }, general);
            const body = { url: url.value.trim(), eventTypes: boxes.filter((b) => b.checked).map((b) => b.value) };
            if (description.value.trim()) body.description = description.value.trim();
            submit.disabled = true;
            try {
              const created = await post(base, body);
              close();
              showSecret('Your endpoint’s signing secret', created, reload);
            } catch (err) {
              submit.disabled = false;
              showFieldErrors(form, err, general);
            }
          },
        },
        field('URL', url, { pointer: '/url', hint: 'Public https only. Vigil refuses private, loopback and cloud-metadata addresses.' }),
        field('Description (optional)', description, { pointer: '/description' }),
        events,
        general,
        h('div', { class: 'dialog-actions' }, button('Cancel', close), submit),
      );
      return form;
    },
  });
}

function openDeliveries(base, e) {
  openDialog({
    title: 'Delivery log',
    testid: 'deliveries-dialog',
    wide: true,
    render: () => {
      const holder = h('div', null, spinner());
      const rows = [];
      let nextBefore = null;
      const more = button('Load older', () => void load(), { kind: 'secondary', dataset: { testid: 'deliveries-more' } });
      const refresh = button(
        'Refresh',
        () => {
          rows.length = 0;
          nextBefore = null;
          void load();
        },
        { kind: 'secondary', dataset: { testid: 'deliveries-refresh' } },
      );
      const draw = () =>
        mount(
          holder,
          rows.length
            ? table(['When', 'Event', 'Attempt', 'Status', 'Duration', 'Error', 'Next retry', 'Delivery'], rows, { testid: 'deliveries-table', className: 'deliveries-table' })
            : emptyState('No deliveries yet', 'Send a test event, or wait for the next event.'),
          h('div', { class: 'dialog-actions' }, refresh, nextBefore ? more : null),
        );
      const load = async () => {
        try {
          const page = await get(`${base}/${encodeURIComponent(e.id)}/deliveries${query({ limit: 25, before: nextBefore })}`);
          for (const a of page.attempts)
            rows.push(
              h(
                'tr',
                { dataset: { testid: 'delivery-row' } },
                h('td', { class: 'nowrap' }, dateTime(a.attemptedAt)),
                h('td', null, h('code', null, a.eventType), h('div', { class: 'muted small' }, h('code', null, a.eventId))),
                h('td', null, `#${a.attempt}`),
                h('td', { dataset: { testid: 'delivery-status-code' } }, a.statusCode === null ? '—' : String(a.statusCode)),
                h('td', { class: 'nowrap' }, `${num(a.durationMs)} ms`),
                h('td', null, a.error || ''),
                h('td', { class: 'nowrap' }, a.nextRetryAt ? dateTime(a.nextRetryAt) : '—'),
                h('td', null, badge(a.deliveryStatus, DELIVERY_TONES[a.deliveryStatus] || 'neutral')),
              ),
            );
          nextBefore = page.nextBefore;
          draw();
        } catch (err) {
          toast(err.message, 'error');
        }
      };
      void load();
      return h('div', null, h('p', { class: 'muted' }, 'Deliveries to ', h('code', null, e.url), ', newest attempt first.'), holder);
    },
  });
}
