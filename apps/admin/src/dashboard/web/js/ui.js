// Shared UI pieces: page header, badges, modal dialogs, confirmation, toasts, form errors, copy to clipboard.
import { ApiError, query } from './api.js';
import { h, mount } from './dom.js';

/** The centred card of the signed-out pages (emailed links, invitations): brand, title, content. */
export function authCard(title, ...children) {
  return h(
    'div',
    { class: 'auth auth-single' },
    h(
      'main',
      { class: 'auth-card', id: 'main', tabindex: '-1' },
      h('div', { class: 'brand brand-lg' }, h('img', { src: '/assets/favicon.svg', alt: '', width: 36, height: 36 }), h('span', null, 'Vigil')),
      h('h1', { class: 'auth-title' }, title),
      ...children,
    ),
  );
}

export function pageHeader(title, subtitle, ...actions) {
  return h(
    'header',
    { class: 'page-header' },
    h('div', null, h('h1', null, title), subtitle ? h('p', { class: 'muted' }, subtitle) : null),
    actions.length ? h('div', { class: 'page-actions' }, actions) : null,
  );
}

export function badge(text, tone = 'neutral', title) {
  return h('span', { class: `badge badge-${tone}`, title }, text);
}

const STATUS_TONES = { active: 'ok', revoked: 'bad', expired: 'warn', suspended: 'bad' };
export const statusBadge = (status) => badge(status, STATUS_TONES[status] || 'neutral');

export function button(label, onclick, { kind = 'secondary', type = 'button', ...rest } = {}) {
  return h('button', { class: `btn btn-${kind}`, type, onclick, ...rest }, label);
}

export function spinner(text = 'Loading…') {
  return h('p', { class: 'loading', role: 'status' }, text);
}

export function emptyState(title, text, action) {
  return h('div', { class: 'empty' }, h('p', { class: 'empty-title' }, title), text ? h('p', { class: 'muted' }, text) : null, action || null);
}

export function errorBox(err) {
  const id = err && err.requestId ? h('span', { class: 'muted small' }, ` (request ${err.requestId})`) : null;
  return h('div', { class: 'alert alert-error', role: 'alert' }, err && err.message ? err.message : String(err), id);
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
const ROW_KEYS = ['data-key-id', 'data-account-id', 'data-version', 'data-endpoint-id', 'data-org-id'];

/** Where focus is now, described well enough to find the same control again after a re-render replaced it. */
export function focusMemo(el = document.activeElement) {
  if (!el || el === document.body || el === document.documentElement) return null;
  const row = el.closest(ROW_KEYS.map((a) => `[${a}]`).join(','));
  const attr = row && ROW_KEYS.find((a) => row.hasAttribute(a));
  return { el, testid: el.getAttribute('data-testid'), row: row ? [attr, row.getAttribute(attr)] : null };
}

function focusable(el) {
  if (!el || !el.isConnected || el.disabled || el.closest('[hidden], [inert]')) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 || r.height > 0;
}

/**
 * Puts focus back on the control a memo describes: the element itself while it is in the page, else the control
 * with the same test id in the same row (a reload redrew the table), else that row, else the page's heading; never
 * `<body>`.
 */
export function restoreFocus(memo) {
  if (!memo) return;
  if (focusable(memo.el)) return memo.el.focus();
  const row = memo.row ? document.querySelector(`[${memo.row[0]}="${CSS.escape(memo.row[1])}"]`) : null;
  const scope = row || document;
  const same = memo.testid ? [...scope.querySelectorAll(`[data-testid="${CSS.escape(memo.testid)}"]`)].find(focusable) : null;
  if (same) return same.focus();
  if (row) {
    const inRow = [...row.querySelectorAll(FOCUSABLE)].find(focusable);
    if (inRow) return inRow.focus();
    row.setAttribute('tabindex', '-1');
    return row.focus();
  }
  const heading = document.querySelector('main h1');
  if (heading) {
    heading.setAttribute('tabindex', '-1');
    heading.focus();
  } else document.getElementById('main')?.focus();
}

/** Runs `fn` (a reload that redraws part of the page) and keeps focus on the same control, or its replacement. */
export async function keepFocus(fn) {
  const memo = focusMemo();
  try {
    return await fn();
  } finally {
    if (memo && !memo.el.isConnected && (document.activeElement === document.body || !document.activeElement)) restoreFocus(memo);
  }
}

/**
 * A modal <dialog>. `render(close, tools)` returns its body; `onClose` runs however it closes. Escape, the × button
 * and the browser's cancel request ask `tools.setGuard(fn)`'s guard first, when one is set: it resolves true to let
 * the dialog close. The element is removed from the document when closed, so nothing it showed stays in the page,
 * and focus goes back to the control that opened the dialog (or what replaced it).
 */
export function openDialog({ title, render, onClose, wide = false, testid }) {
  const opener = focusMemo();
  const dlg = h('dialog', {
    class: `dialog${wide ? ' dialog-wide' : ''}`,
    'aria-labelledby': `dlg-${Math.random().toString(36).slice(2, 9)}`,
    dataset: testid ? { testid } : undefined,
  });
  let closed = false;
  let guard = null;
  let asking = false;
  const close = () => {
    if (closed) return;
    closed = true;
    if (dlg.open) dlg.close();
    dlg.remove();
    mount(dlg);
    restoreFocus(opener);
    onClose?.();
  };
  /** Escape, ×, or the browser asking: the guard may keep the dialog open. */
  const requestClose = async () => {
    if (closed || asking) return;
    if (guard) {
      asking = true;
      try {
        if (!(await guard())) return;
      } finally {
        asking = false;
      }
    }
    close();
  };
  // Escape is handled here (the browser's own Escape handling would close at once, whatever the guard says).
  dlg.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    void requestClose();
  });
  dlg.addEventListener('cancel', (e) => {
    e.preventDefault();
    void requestClose();
  });
  dlg.addEventListener('close', () => close());
  const titleEl = h('h2', { class: 'dialog-title', id: dlg.getAttribute('aria-labelledby') }, title);
  const body = h('div', { class: 'dialog-body' });
  mount(dlg, h('div', { class: 'dialog-head' }, titleEl, h('button', { class: 'icon-btn', type: 'button', 'aria-label': 'Close', onclick: () => void requestClose() }, '×')), body);
  document.body.append(dlg);
  mount(
    body,
    render(close, {
      setTitle: (t) => {
        titleEl.textContent = t;
      },
      setGuard: (fn) => {
        guard = fn;
      },
      body,
    }),
  );
  dlg.showModal();
  // Start in the dialog's content (its first field or button), not on the × in its header.
  [...body.querySelectorAll(FOCUSABLE)].find(focusable)?.focus();
  return { close, requestClose, dialog: dlg, body };
}

/** A confirmation dialog; resolves true when confirmed. */
export function confirmDialog({ title, message, confirmLabel, danger = true }) {
  return new Promise((resolve) => {
    let result = false;
    openDialog({
      title,
      testid: 'confirm-dialog',
      onClose: () => resolve(result),
      render: (close) =>
        h(
          'div',
          null,
          h('div', { class: 'confirm-message' }, message),
          h(
            'div',
            { class: 'dialog-actions' },
            button('Cancel', close, { kind: 'secondary' }),
            button(
              confirmLabel,
              () => {
                result = true;
                close();
              },
              { kind: danger ? 'danger' : 'primary', dataset: { testid: 'confirm' } },
            ),
          ),
        ),
    });
  });
}

let fallbackToasts = null;

/**
 * A short notice about what just happened. Shown in the page's own notice area at the top of the main content (in
 * the flow, so it never covers a button), until dismissed, replaced by newer ones (three at most) or the page
 * changes. Pages without that area (sign-in) get a corner box.
 */
export function toast(message, tone = 'ok') {
  let host = document.getElementById('toasts');
  if (!host) {
    fallbackToasts ??= h('div', { class: 'toasts toasts-floating', role: 'status', 'aria-live': 'polite' });
    if (!fallbackToasts.isConnected) document.body.append(fallbackToasts);
    host = fallbackToasts;
  }
  const t = h(
    'div',
    { class: `toast toast-${tone}`, dataset: { testid: 'toast' } },
    h('span', { class: 'toast-text' }, message),
    h('button', { class: 'icon-btn toast-close', type: 'button', 'aria-label': 'Dismiss', onclick: () => t.remove() }, '×'),
  );
  host.append(t);
  while (host.children.length > 3) host.firstElementChild.remove();
}

/** Removes every notice (sign-out, a lost session): nothing from one session shows in the next. */
export function clearToasts() {
  document.getElementById('toasts')?.replaceChildren();
  fallbackToasts?.replaceChildren();
  fallbackToasts?.remove();
}

/**
 * Shows problem+json field errors next to the inputs whose `data-pointer` matches; the rest in `generalEl`. An error
 * about one entry of a list (`/allowedIps/2`) says which entry ("entry 3: …"); several errors for one field are a list.
 */
export function showFieldErrors(form, err, generalEl) {
  clearFieldErrors(form);
  const unplaced = [];
  const bySlot = new Map();
  for (const e of err.errors || []) {
    const top = `/${(e.pointer || '').split('/')[1] || ''}`;
    const slot = form.querySelector(`[data-error-for="${CSS.escape(top)}"]`);
    if (slot) bySlot.set(slot, [...(bySlot.get(slot) || []), fieldMessage(e)]);
    else unplaced.push(e);
  }
  for (const [slot, messages] of bySlot) {
    if (messages.length === 1) slot.textContent = messages[0];
    else
      mount(
        slot,
        h(
          'ul',
          { class: 'field-error-list' },
          messages.map((m) => h('li', null, m)),
        ),
      );
    slot.closest('.field')?.classList.add('invalid');
  }
  if (generalEl) {
    if (!err.errors?.length || unplaced.length) mount(generalEl, errorBox(err));
    else mount(generalEl);
  }
}

function fieldMessage(e) {
  const idx = /^\/[^/]+\/(\d+)/.exec(e.pointer || '');
  return idx ? `entry ${Number(idx[1]) + 1}: ${e.message}` : e.message;
}

export function clearFieldErrors(form) {
  for (const slot of form.querySelectorAll('[data-error-for]')) slot.replaceChildren();
  for (const f of form.querySelectorAll('.field.invalid')) f.classList.remove('invalid');
}

/** A labelled form field with an error slot for the JSON pointer `pointer`. */
export function field(label, control, { pointer, hint, id } = {}) {
  const controlId = id || control.id || `f-${Math.random().toString(36).slice(2, 9)}`;
  control.id = controlId;
  return h(
    'div',
    { class: 'field' },
    h('label', { for: controlId }, label),
    control,
    hint ? h('p', { class: 'hint' }, hint) : null,
    h('p', { class: 'field-error', 'data-error-for': pointer || `/${control.name || ''}`, 'aria-live': 'polite' }),
  );
}

/** Copies text; falls back to selecting it (non-secure origins have no async clipboard). */
export async function copyText(text, selectEl) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall through */
  }
  if (selectEl && typeof selectEl.select === 'function') {
    selectEl.focus();
    selectEl.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
  return false;
}

/** A Copy button; `onDone(ok)` hears whether the text reached the clipboard. */
export function copyButton(getText, selectEl, label = 'Copy', onDone) {
  const btn = button(
    label,
    async () => {
      const ok = await copyText(getText(), typeof selectEl === 'function' ? selectEl() : selectEl);
      onDone?.(ok);
      btn.textContent = ok ? 'Copied' : 'Press Ctrl+C';
      setTimeout(() => {
        btn.textContent = label;
      }, 1800);
    },
    { kind: 'secondary', dataset: { testid: 'copy' } },
  );
  return btn;
}

/**
 * A table. Headers are strings or `{label, class, hidden}` (`hidden`: read by screen readers, not shown, e.g. the
 * actions column). Each cell gets its column's name in `data-label`: when the table does not fit its column (a phone,
 * a narrow window, long data) it is shown as a list of cards instead (CSS, `.as-cards`), from the same DOM, and back
 * as a table once there is room for it again.
 */
export function table(headers, rows, { testid, className = '' } = {}) {
  const cols = headers.map((x) => (typeof x === 'string' ? { label: x } : x));
  for (const tr of [rows].flat(Infinity)) {
    if (!(tr instanceof Element)) continue;
    [...tr.children].forEach((cell, i) => {
      if (cols[i] && cols[i].label && !cell.dataset.label) cell.dataset.label = cols[i].label;
    });
  }
  // Focusable until it is known to fit: a table wider than its column scrolls until fitTable turns it into cards, and
  // a scrollable region must be reachable by keyboard (axe scrollable-region-focusable). fitTable drops the tab stop.
  const wrap = h(
    'div',
    { class: 'table-wrap', tabindex: '0' },
    h(
      'table',
      { class: `table table-cards ${className}`, dataset: testid ? { testid } : undefined },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          cols.map((x) => h('th', { scope: 'col', class: x.class }, x.hidden ? h('span', { class: 'sr-only' }, x.label) : x.label)),
        ),
      ),
      h('tbody', null, rows),
    ),
  );
  if (typeof ResizeObserver === 'function') new ResizeObserver(() => fitTable(wrap)).observe(wrap);
  return wrap;
}

/** Cards while the table is wider than its column; the table again once the column is as wide as the table was. */
function fitTable(wrap) {
  if (!wrap.isConnected || !wrap.clientWidth) return;
  if (!wrap.classList.contains('as-cards')) {
    if (wrap.scrollWidth > wrap.clientWidth + 1) {
      wrap.dataset.tableWidth = String(wrap.scrollWidth);
      wrap.classList.add('as-cards');
    }
  } else if (wrap.clientWidth >= Number(wrap.dataset.tableWidth)) {
    wrap.classList.remove('as-cards');
    fitTable(wrap);
    return;
  }
  // A tab stop only while the region still scrolls sideways (long unbroken data in a card).
  if (wrap.scrollWidth > wrap.clientWidth + 1) wrap.tabIndex = 0;
  else wrap.removeAttribute('tabindex');
}

/**
 * A form checked by the server: on submit, earlier errors are cleared and `onSubmit` runs; a problem it throws is shown
 * beside the fields its JSON pointers name, and the rest of it in `general` (an element the form contains).
 */
export function problemForm({ onSubmit, general, ...attrs }, ...children) {
  const form = h(
    'form',
    {
      ...attrs,
      novalidate: true,
      onsubmit: async (ev) => {
        ev.preventDefault();
        clearFieldErrors(form);
        try {
          await onSubmit();
        } catch (err) {
          showFieldErrors(form, err, general);
        }
      },
    },
    ...children,
  );
  return form;
}

/** The search form of a list page (`#/<route>?q=`): Search submits the trimmed text, Clear returns to the whole list. */
export function searchToolbar(ctx, { route, q, placeholder, label, testid }) {
  const search = h('input', { type: 'search', name: 'q', value: q, placeholder, 'aria-label': label, dataset: { testid } });
  const submit = (e) => {
    e.preventDefault();
    ctx.navigate(`${route}${query({ q: search.value.trim() })}`);
  };
  return h(
    'form',
    { class: 'toolbar', role: 'search', onsubmit: submit },
    search,
    button('Search', null, { kind: 'secondary', type: 'submit' }),
    q ? h('a', { class: 'btn btn-ghost', href: `#/${route}` }, 'Clear') : null,
  );
}

/** "1–25 of 80" and the Previous/Next links of a paged list (`#/<route>?q=&offset=`). */
export function pager({ route, q, offset, limit, shown, total }) {
  const link = (to, label) => h('a', { class: 'btn btn-secondary', href: `#/${route}${query({ q, offset: to })}` }, label);
  return h(
    'div',
    { class: 'pager' },
    h('span', { class: 'muted' }, `${offset + 1}–${offset + shown} of ${total}`),
    offset > 0 ? link(Math.max(0, offset - limit), '← Previous') : null,
    offset + shown < total ? link(offset + limit, 'Next →') : null,
  );
}

/** The field error the server gives a new password below the minimum, said before any request is made. */
export function shortPasswordError(pointer, minLength) {
  return { pointer, message: `must be at least ${minLength} characters` };
}

/** Shows the short-password error on `form` and returns true when the new password in `input` is too short. */
export function refuseShortPassword(form, general, input, pointer, minLength) {
  if (input.value.length >= minLength) return false;
  showFieldErrors(form, new ApiError(400, { detail: 'Check the form.', errors: [shortPasswordError(pointer, minLength)] }), general);
  return true;
}
