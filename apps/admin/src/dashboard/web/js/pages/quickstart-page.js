// Quickstart: a curl example with this deployment's API URL and key prefix, and a playground that calls the
// API from the browser (the API allows CORS from the dashboard's origin) and renders the result.
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
    codeBlock(curl, 'curl-example'),
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
    codeBlock(keyCheck, 'curl-key'),
    h(
      'p',
      { class: 'muted small' },
      'API: ',
      h('code', { dataset: { testid: 'api-url' } }, apiUrl),
      apiUrlConfigured ? '' : ' (guessed: the operator can set PUBLIC_API_URL)',
      '. Errors are application/problem+json with a stable code.',
    ),
  );
  return h('div', null, pageHeader('Quickstart', 'Call the interaction API in a minute.'), steps, playground(apiUrl, keyPrefix));
}

function codeBlock(text, testid) {
  const pre = h('pre', { class: 'code', dataset: { testid } }, h('code', null, text));
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

export function renderResult(r) {
  const interactions = [...(r.interactions || [])].sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity));
  const sum = r.summary || {};
  const head = h(
    'div',
    { class: 'pg-summary' },
    // An incomplete check never looks clean: no green pill while something was not checked.
    sum.maxSeverity
      ? h('span', { class: `sev sev-${sum.maxSeverity}` }, sum.maxSeverity)
      : sum.complete === false
        ? h('span', { class: 'sev sev-incomplete', dataset: { testid: 'pg-incomplete' } }, 'incomplete: not everything was checked')
        : h('span', { class: 'sev sev-none' }, 'no interaction found'),
    h('span', null, `${interactions.length} ${interactions.length === 1 ? 'interaction' : 'interactions'}`),
    sum.pairsChecked !== undefined ? h('span', { class: 'muted' }, `${sum.pairsChecked} pairs checked`) : null,
    sum.complete === false ? h('span', { class: 'badge badge-warn' }, 'incomplete check') : null,
    r.kb ? h('span', { class: 'muted small' }, `knowledge base ${r.kb.version}`) : null,
  );
  const warnings = (r.warnings || []).map((w) => h('div', { class: 'alert alert-warn' }, h('strong', null, w.code), ' — ', w.message));
  const unresolved = (r.unresolved || []).map((u) =>
    h(
      'div',
      { class: 'alert alert-warn' },
      h('strong', null, `“${u.input}”`),
      ` was ${u.status}`,
      u.reason ? `: ${u.reason}` : '',
      u.suggestions && u.suggestions.length
        ? h(
            'span',
            null,
            ' — did you mean ',
            u.suggestions
              .slice(0, 3)
              .map((s) => s.name)
              .join(', '),
            '?',
          )
        : null,
    ),
  );
  const namesOnly = (r.resolutions || [])
    .filter((x) => x.coverage === 'names-only')
    .map((x) =>
      h(
        'div',
        { class: 'alert alert-warn', dataset: { testid: 'pg-not-reviewed' } },
        h('strong', null, `“${x.input}”`),
        ` (${(x.ingredients || []).map((i) => i.name).join(' + ')}) is known by name only: its interactions have not been reviewed, so no finding for it means not checked.`,
      ),
    );
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
    warnings,
    unresolved,
    namesOnly,
    cards.length
      ? cards
      : h(
          'p',
          { class: 'muted' },
          sum.complete === false ? 'No interactions found among the drugs that were checked; see above for what was not.' : 'No interactions between the resolved drugs.',
        ),
    r.disclaimer ? h('p', { class: 'disclaimer' }, r.disclaimer) : null,
    h('details', { class: 'raw' }, h('summary', null, 'Raw JSON'), h('pre', { class: 'code' }, JSON.stringify(r, null, 2))),
  );
}
