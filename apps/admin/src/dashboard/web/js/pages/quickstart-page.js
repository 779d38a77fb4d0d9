// Quickstart: a curl example with this deployment's API URL and key prefix, a playground that calls the API from
// the browser (the API allows CORS from the dashboard's origin) and renders the result, and the CDS Hooks discovery
// URL with a test call.
import { checkVerdict, isIncompleteWarning } from '../check-verdict.js';
import { h, mount } from '../dom.js';
import { copyButton, errorBox, field, pageHeader } from '../ui.js';

const SEVERITY_ORDER = ['contraindicated', 'major', 'moderate', 'minor', 'unknown'];
const EXAMPLE = ['warfarin', 'ibuprofen', 'omeprazole'];

export function renderQuickstart(ctx) {
  const { apiUrl, keyPrefix, apiUrlConfigured } = ctx.app.config;
  const placeholder = `${keyPrefix}_YOUR_KEY`;
  const curl = [
    `curl -sS ${apiUrl}/v1/interactions/check \\`,
    `  -H "x-api-key: ${placeholder}" \\`,
    '  -H "content-type: application/json" \\',
    `  -d '{"drugs": ["warfarin", "ibuprofen"]}'`,
  ].join('\n');
  const keyCheck = `curl -sS ${apiUrl}/v1/key -H "x-api-key: ${placeholder}"`;
  const steps = h(
    'section',
    { class: 'card' },
    h('h2', null, '1. Create a key'),
    h(
      'p',
      null,
      'On the ',
      h('a', { href: '#/keys' }, 'Keys'),
      ' page. Keys look like ',
      h('code', null, `${keyPrefix}_…`),
      '; send one in the ',
      h('code', null, 'x-api-key'),
      ' header.',
    ),
    h('h2', null, '2. Check a medication list'),
    codeBlock(curl, 'curl-example', 'curl: check a medication list'),
    h(
      'p',
      { class: 'muted small' },
      'Drugs may be generic or brand names, or codes (',
      h('code', null, 'rxcui:…'),
      ', ',
      h('code', null, 'atc:…'),
      '). The answer lists every interacting pair with severity, summary and management, plus warnings when an input could not be resolved.',
    ),
    h('h2', null, '3. Check a key'),
    codeBlock(keyCheck, 'curl-key', 'curl: check a key'),
    h(
      'p',
      { class: 'muted small' },
      'API: ',
      h('code', { dataset: { testid: 'api-url' } }, apiUrl),
      apiUrlConfigured ? '' : ' (guessed: the operator can set PUBLIC_API_URL)',
      '. Errors are application/problem+json with a stable code.',
    ),
  );
  return h('div', null, pageHeader('Quickstart', 'Call the interaction API in a minute.'), steps, playground(apiUrl, keyPrefix), cdsHooks(apiUrl, placeholder));
}

/** A random version-4 UUID (crypto.randomUUID needs a secure context; getRandomValues does not). */
function uuid4() {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const x = [...b].map((v) => v.toString(16).padStart(2, '0')).join('');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';
const medicationRequest = (id, status, rxcui, name) => ({
  resource: {
    resourceType: 'MedicationRequest',
    id,
    status,
    intent: 'order',
    subject: { reference: 'Patient/example' },
    medicationCodeableConcept: { coding: [{ system: RXNORM, code: rxcui, display: name }], text: name },
  },
});

/** The smallest order-select call Vigil screens: a new warfarin order against an active ibuprofen prescription. */
function cdsTestBody() {
  return {
    hook: 'order-select',
    hookInstance: uuid4(),
    context: {
      userId: 'Practitioner/example',
      patientId: 'example',
      selections: ['MedicationRequest/new'],
      draftOrders: { resourceType: 'Bundle', entry: [medicationRequest('new', 'draft', '11289', 'warfarin')] },
    },
    prefetch: { medicationRequests: { resourceType: 'Bundle', entry: [medicationRequest('current-1', 'active', '5640', 'ibuprofen')] } },
  };
}

/** JSON indented for its first `depth` levels and compact below, so each FHIR resource stays on one line. */
function outlineJson(v, depth, indent = '') {
  if (depth === 0 || v === null || typeof v !== 'object') return JSON.stringify(v);
  const inner = `${indent}  `;
  const items = Array.isArray(v) ? v.map((x) => outlineJson(x, depth - 1, inner)) : Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${outlineJson(x, depth - 1, inner)}`);
  const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${items.map((x) => inner + x).join(',\n')}\n${indent}${close}`;
}

/** CDS Hooks: this deployment's discovery URL and a test call of vigil-order-select with a key. */
function cdsHooks(apiUrl, placeholder) {
  const discovery = `${apiUrl}/cds-services`;
  const url = h('input', {
    class: 'key-full',
    readonly: true,
    value: discovery,
    spellcheck: 'false',
    'aria-label': 'CDS Hooks discovery URL',
    dataset: { testid: 'cds-discovery-url' },
  });
  url.addEventListener('focus', () => url.select());
  const curl = [
    `curl -sS ${apiUrl}/cds-services/vigil-order-select \\`,
    `  -H "x-api-key: ${placeholder}" \\`,
    '  -H "content-type: application/json" \\',
    `  -d '${outlineJson(cdsTestBody(), 4)}'`,
  ].join('\n');
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'cds-hooks-title', dataset: { testid: 'cds-hooks' } },
    h('h2', { id: 'cds-hooks-title' }, 'CDS Hooks'),
    h(
      'p',
      null,
      'Vigil is a CDS Hooks 2.0 service with two services, ',
      h('code', null, 'vigil-order-select'),
      ' and ',
      h('code', null, 'vigil-order-sign'),
      '. Give your EHR this discovery URL:',
    ),
    h(
      'div',
      { class: 'url-box' },
      url,
      copyButton(
        () => discovery,
        () => url,
        'Copy URL',
      ),
    ),
    h('h3', null, 'Test call'),
    h(
      'p',
      { class: 'muted small' },
      'A new warfarin order against an active ibuprofen prescription; the answer is a card for the interaction. The key needs the ',
      h('code', null, 'cds:invoke'),
      ' scope.',
    ),
    codeBlock(curl, 'curl-cds', 'curl: CDS Hooks test call'),
    h(
      'p',
      { class: 'muted small' },
      'To authenticate with the EHR’s CDS Hooks JWT instead of a key, register its issuer and public JWK set on a key (',
      h('a', { href: '#/keys' }, 'Keys'),
      ' → CDS). What clinicians do with the cards appears under ',
      h('a', { href: '#/cds-feedback' }, 'Alert feedback'),
      ' once your EHR sends feedback.',
    ),
  );
}

function codeBlock(text, testid, label = 'Example') {
  // Focusable, so a keyboard can scroll a long line sideways.
  const pre = h('pre', { class: 'code', tabindex: '0', title: label, dataset: { testid } }, h('code', null, text));
  return h(
    'div',
    { class: 'code-wrap' },
    pre,
    copyButton(() => text, null),
  );
}

function playground(apiUrl, keyPrefix) {
  const key = h('input', { type: 'password', name: 'key', autocomplete: 'off', spellcheck: 'false', placeholder: `${keyPrefix}_…`, dataset: { testid: 'pg-key' } });
  const show = h(
    'button',
    {
      type: 'button',
      class: 'btn btn-ghost',
      onclick: () => {
        key.type = key.type === 'password' ? 'text' : 'password';
        show.textContent = key.type === 'password' ? 'Show' : 'Hide';
      },
    },
    'Show',
  );
  const drugs = h('textarea', { name: 'drugs', rows: 4, dataset: { testid: 'pg-drugs' } }, EXAMPLE.join('\n'));
  const out = h('div', { class: 'pg-result', 'aria-live': 'polite', dataset: { testid: 'pg-result' } });
  const submit = h('button', { class: 'btn btn-primary', type: 'submit', dataset: { testid: 'pg-submit' } }, 'Check interactions');
  key.id = 'pg-key';
  const keyField = h(
    'div',
    { class: 'field' },
    h('label', { for: 'pg-key' }, 'API key'),
    h('div', { class: 'input-row' }, key, show),
    h('p', { class: 'hint' }, 'Used only for this call from your browser; never stored.'),
  );
  const form = h(
    'form',
    {
      class: 'pg-form',
      novalidate: true,
      onsubmit: async (e) => {
        e.preventDefault();
        const list = drugs.value
          .split(/[\n,;]+/)
          .map((d) => d.trim())
          .filter(Boolean);
        if (!key.value.trim()) return mount(out, errorBox(new Error('Paste an API key first.')));
        if (!list.length) return mount(out, errorBox(new Error('Enter at least one drug.')));
        submit.disabled = true;
        mount(out, h('p', { class: 'loading' }, 'Checking…'));
        try {
          const res = await fetch(`${apiUrl}/v1/interactions/check`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': key.value.trim() },
            body: JSON.stringify({ drugs: list }),
            credentials: 'omit',
            cache: 'no-store',
            referrerPolicy: 'no-referrer',
          });
          const data = await res.json().catch(() => null);
          mount(out, res.ok && data ? renderResult(data) : renderProblem(res.status, data));
        } catch {
          mount(out, errorBox(new Error(`Could not reach the API at ${apiUrl}. Is it running, and does it allow this dashboard's origin (CORS)?`)));
        } finally {
          submit.disabled = false;
        }
      },
    },
    h('div', { class: 'grid-2' }, keyField, field('Drugs (one per line)', drugs, { pointer: '/drugs' })),
    h('div', { class: 'form-actions' }, submit),
  );
  return h(
    'section',
    { class: 'card' },
    h('h2', null, 'Playground'),
    h('p', { class: 'muted' }, 'Paste a key, list the drugs, and see the check as your software will receive it.'),
    form,
    out,
  );
}

function renderProblem(status, p) {
  return h(
    'div',
    { class: 'alert alert-error', role: 'alert', dataset: { testid: 'pg-problem' } },
    h('strong', null, `${status} ${p && p.code ? p.code : 'error'}`),
    ' — ',
    p && p.detail ? p.detail : 'The API refused the request.',
    p && p.errors
      ? h(
          'ul',
          null,
          p.errors.map((e) => h('li', null, h('code', null, e.pointer), ` ${e.message}`)),
        )
      : null,
  );
}

/** The amber verdict of an incomplete check: it says so first, and names each input that was not checked. */
function incompleteVerdict(v) {
  const lead = v.findings
    ? `${v.findings} ${v.findings === 1 ? 'interaction was' : 'interactions were'} found among the drugs that were checked, but not every drug was checked:`
    : 'No interaction was found among the drugs that were checked, but not every drug was checked:';
  return h(
    'div',
    { class: 'verdict verdict-incomplete', role: 'status', dataset: { testid: 'pg-incomplete' } },
    h('p', { class: 'verdict-title' }, h('span', { class: 'sev sev-incomplete' }, 'Incomplete check'), ' ', lead),
    v.notChecked.length
      ? h(
          'ul',
          { class: 'verdict-list' },
          v.notChecked.map((x) =>
            h(
              'li',
              { dataset: { testid: x.kind === 'names-only' ? 'pg-not-reviewed' : 'pg-not-checked' } },
              h('strong', null, `“${x.input}”`),
              ` — ${x.why}`,
              x.reason ? `: ${x.reason}` : '',
              x.suggestions && x.suggestions.length ? ` (did you mean ${x.suggestions.join(', ')}?)` : '',
            ),
          ),
        )
      : h(
          'ul',
          { class: 'verdict-list' },
          v.warnings.map((w) => h('li', null, w.message)),
        ),
    h('p', { class: 'small' }, 'No finding for a drug that was not checked does not mean it is safe with the others.'),
  );
}

export function renderResult(r) {
  const interactions = [...(r.interactions || [])].sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity));
  const sum = r.summary || {};
  const v = checkVerdict(r);
  const head = h(
    'div',
    { class: 'pg-summary' },
    // The green "no interaction found" only for a complete check with no finding; an incomplete one is amber.
    sum.maxSeverity ? h('span', { class: `sev sev-${sum.maxSeverity}` }, sum.maxSeverity) : null,
    v.state === 'clear' ? h('span', { class: 'sev sev-none', dataset: { testid: 'pg-clear' } }, 'no interaction found') : null,
    v.state === 'incomplete' && !sum.maxSeverity ? h('span', { class: 'sev sev-incomplete' }, 'incomplete check') : null,
    h('span', null, `${interactions.length} ${interactions.length === 1 ? 'interaction' : 'interactions'}`),
    sum.pairsChecked !== undefined ? h('span', { class: 'muted' }, `${sum.pairsChecked} pairs checked`) : null,
    r.kb ? h('span', { class: 'muted small' }, `knowledge base ${r.kb.version}`) : null,
  );
  // Incompleteness is told once, in the verdict; the other warnings (spelling corrected…) as the API words them.
  const warnings = (r.warnings || []).filter((w) => !isIncompleteWarning(w)).map((w) => h('div', { class: 'alert alert-warn' }, h('strong', null, w.code), ' — ', w.message));
  const cards = interactions.map((f) =>
    h(
      'article',
      { class: `finding sev-border-${f.severity}`, dataset: { testid: 'finding', severity: f.severity } },
      h(
        'header',
        { class: 'finding-head' },
        h('span', { class: `sev sev-${f.severity}` }, f.severity),
        h('h3', null, f.title || (f.participants || []).map((p) => p.ingredient).join(' + ')),
      ),
      h('p', { class: 'finding-summary' }, f.summary),
      f.management ? h('div', { class: 'finding-management' }, h('strong', null, 'Management: '), f.management) : null,
      f.mechanism ? h('p', { class: 'muted small' }, h('strong', null, 'Mechanism: '), f.mechanism) : null,
      f.evidence
        ? h(
            'p',
            { class: 'muted small' },
            `Evidence: ${f.evidence.level}`,
            f.evidence.citations && f.evidence.citations.length ? ` · ${f.evidence.citations.map((c) => c.title).join('; ')}` : '',
          )
        : null,
    ),
  );
  return h(
    'div',
    { class: 'pg-output' },
    head,
    v.state === 'incomplete' ? incompleteVerdict(v) : null,
    warnings,
    cards.length
      ? cards
      : h(
          'p',
          { class: 'muted' },
          v.state === 'incomplete' ? 'No interactions found among the drugs that were checked; see above for what was not.' : 'No interactions between the resolved drugs.',
        ),
    r.disclaimer ? h('p', { class: 'disclaimer' }, r.disclaimer) : null,
    h('details', { class: 'raw' }, h('summary', null, 'Raw JSON'), h('pre', { class: 'code', tabindex: '0' }, JSON.stringify(r, null, 2))),
  );
}
