// The CDS Hooks client of a key: the EHR's JWT issuer and its public JWK set, pasted or read from a .json file with
// FileReader (nothing is ever fetched from a URL). The server's field errors show under the field they concern.
import { ApiError, del, get, put } from '../api.js';
import { h, mount } from '../dom.js';
import { dateTime } from '../format.js';
import { button, clearFieldErrors, confirmDialog, errorBox, field, openDialog, showFieldErrors, spinner, table, toast } from '../ui.js';

const MAX_FILE_BYTES = 64 * 1024;
const CDS_SCOPE = 'cds:invoke';

export function openCdsClient(k) {
  openDialog({
    title: `CDS client of “${k.label}”`,
    testid: 'cds-client-dialog',
    wide: true,
    render: () => {
      const holder = h('div', null, spinner());
      const load = async () => {
        let client = null;
        try {
          client = await get(`/api/keys/${encodeURIComponent(k.id)}/cds-client`);
        } catch (err) {
          if (!(err instanceof ApiError && err.status === 404)) return mount(holder, errorBox(err));
        }
        mount(holder, view(k, client, load));
      };
      void load();
      return holder;
    },
  });
}

function view(k, client, reload) {
  const scopeWarning = k.scopes.includes(CDS_SCOPE)
    ? null
    : h(
        'div',
        { class: 'alert alert-warn', role: 'status', dataset: { testid: 'cds-scope-warning' } },
        'This key lacks the ',
        h('code', null, CDS_SCOPE),
        ' scope: CDS Hooks calls made with it are refused (403 insufficient_scope). Edit the key to add it.',
      );
  return h(
    'div',
    null,
    scopeWarning,
    client ? registered(k, client, reload) : h('p', { class: 'muted', dataset: { testid: 'cds-none' } }, 'No CDS client is registered on this key.'),
    form(k, client, reload),
  );
}

function registered(k, client, reload) {
  const remove = button(
    'Remove',
    async () => {
      const ok = await confirmDialog({
        title: 'Remove the CDS client?',
        message: h('p', null, 'JWTs from ', h('code', null, client.issuer), ' are refused from now on, on every API instance. Calls with the key itself keep working.'),
        confirmLabel: 'Remove CDS client',
      });
      if (!ok) return;
      try {
        await del(`/api/keys/${encodeURIComponent(k.id)}/cds-client`);
        toast('CDS client removed.');
      } catch (err) {
        toast(err.message, 'error');
      }
      await reload();
    },
    { kind: 'ghost-danger', dataset: { testid: 'cds-client-remove' } },
  );
  return h(
    'section',
    { 'aria-labelledby': 'cds-registered-title', dataset: { testid: 'cds-client-registered' } },
    h('h3', { id: 'cds-registered-title' }, 'Registered client'),
    h(
      'dl',
      { class: 'meta' },
      h('dt', null, 'Issuer'),
      h('dd', null, h('code', { dataset: { testid: 'cds-issuer' } }, client.issuer)),
      h('dt', null, 'Updated'),
      h('dd', null, dateTime(client.updatedAt)),
    ),
    table(
      ['Key id (kid)', 'Type', 'Algorithm'],
      client.keys.map((x) =>
        h(
          'tr',
          { dataset: { testid: 'cds-key-row' } },
          h('td', null, x.kid ? h('code', null, x.kid) : h('span', { class: 'muted' }, 'none')),
          h('td', null, x.kty),
          h('td', null, x.alg || '—'),
        ),
      ),
      { testid: 'cds-keys', className: 'compact' },
    ),
    h('div', { class: 'form-actions' }, remove),
  );
}

function form(k, client, reload) {
  const issuer = h('input', {
    type: 'url',
    name: 'issuer',
    maxlength: 500,
    value: client ? client.issuer : '',
    placeholder: 'https://ehr.example.org',
    dataset: { testid: 'cds-issuer-input' },
  });
  const jwks = h('textarea', {
    name: 'jwks',
    rows: 8,
    spellcheck: 'false',
    placeholder: '{"keys": [{"kty": "EC", "crv": "P-384", "kid": "…", "x": "…", "y": "…"}]}',
    dataset: { testid: 'cds-jwks' },
  });
  const file = h('input', { type: 'file', accept: '.json,application/json', dataset: { testid: 'cds-jwks-file' } });
  const general = h('div', { class: 'form-general' });
  const submit = h('button', { class: 'btn btn-primary', type: 'submit', dataset: { testid: 'cds-client-submit' } }, client ? 'Replace registration' : 'Register client');
  file.addEventListener('change', () => {
    const f = file.files && file.files[0];
    if (!f) return;
    if (f.size > MAX_FILE_BYTES) return showFieldErrors(formEl, localError('/jwks', `the file is over ${MAX_FILE_BYTES / 1024} KB: a JWK set is far smaller`), general);
    const reader = new FileReader();
    reader.onload = () => {
      jwks.value = String(reader.result || '');
      clearFieldErrors(formEl);
    };
    reader.onerror = () => showFieldErrors(formEl, localError('/jwks', 'the file could not be read'), general);
    reader.readAsText(f);
  });
  const formEl = h(
    'form',
    {
      novalidate: true,
      onsubmit: async (e) => {
        e.preventDefault();
        clearFieldErrors(formEl);
        mount(general);
        let set;
        try {
          set = JSON.parse(jwks.value);
        } catch (err) {
          return showFieldErrors(formEl, localError('/jwks', jwks.value.trim() ? `not valid JSON (${err.message})` : 'paste the JWK set or choose its file'), general);
        }
        // A single JWK is accepted as a set of one.
        if (set && typeof set === 'object' && !Array.isArray(set) && 'kty' in set && !('keys' in set)) set = { keys: [set] };
        submit.disabled = true;
        try {
          await put(`/api/keys/${encodeURIComponent(k.id)}/cds-client`, { issuer: issuer.value.trim(), jwks: set });
          toast(client ? 'CDS client replaced.' : 'CDS client registered.');
          await reload();
        } catch (err) {
          submit.disabled = false;
          showFieldErrors(formEl, readable(err), general);
        }
      },
    },
    h('h3', null, client ? 'Replace the registration' : 'Register a client'),
    field('Issuer (iss)', issuer, { pointer: '/issuer', hint: 'Exactly the iss your EHR puts in its CDS Hooks JWTs. One issuer belongs to one key.' }),
    field('Public JWK set (JSON)', jwks, {
      pointer: '/jwks',
      hint: 'The EHR’s public keys (EC P-384 for ES384, or RSA for RS384), as published at its jku. Vigil never fetches it from a URL; private keys are refused.',
    }),
    field('Or read the JWK set from a .json file', file, { pointer: '/file' }),
    general,
    h('div', { class: 'dialog-actions' }, submit),
  );
  return formEl;
}

function localError(pointer, message) {
  return { message: 'Check the form.', errors: [{ pointer, message }] };
}

/** `/jwks/keys/0/crv` → "key 1, crv: …": the field slot is `/jwks`, the message says which key and member. */
function readable(err) {
  const errors = (err.errors || []).map((e) => {
    const m = /^\/jwks\/keys\/(\d+)(?:\/(.+))?$/.exec(e.pointer || '');
    return m ? { ...e, message: `key ${Number(m[1]) + 1}${m[2] ? `, ${m[2]}` : ''}: ${e.message}` } : e;
  });
  return { message: err.message, requestId: err.requestId, errors };
}
