// Shared UI pieces: page header, badges, modal dialogs, confirmation, toasts, form errors, copy to clipboard.
import { ApiError } from './api.js';
import { h, mount } from './dom.js';

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

/**
 * A modal <dialog>. `render(close)` returns its body; `onClose` runs however it closes (button, Escape).
 * The element is removed from the document when closed, so nothing it showed stays in the page.
 */
export function openDialog({ title, render, onClose, wide = false, testid }) {
  const dlg = h('dialog', { class: `dialog${wide ? ' dialog-wide' : ''}`, 'aria-label': title, dataset: testid ? { testid } : undefined });
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    if (dlg.open) dlg.close();
    dlg.remove();
    mount(dlg);
    onClose?.();
  };
  dlg.addEventListener('cancel', (e) => {
    e.preventDefault();
    close();
  });
  dlg.addEventListener('close', () => close());
  const titleEl = h('h2', { class: 'dialog-title' }, title);
  const body = h('div', { class: 'dialog-body' });
  mount(dlg, h('div', { class: 'dialog-head' }, titleEl, h('button', { class: 'icon-btn', type: 'button', 'aria-label': 'Close', onclick: close }, '×')), body);
  document.body.append(dlg);
  mount(
    body,
    render(close, {
      setTitle: (t) => {
        titleEl.textContent = t;
      },
      body,
    }),
  );
  dlg.showModal();
  return { close, dialog: dlg, body };
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

let toastHost;
export function toast(message, tone = 'ok') {
  toastHost ??= document.body.appendChild(h('div', { class: 'toasts', 'aria-live': 'polite' }));
  const t = h('div', { class: `toast toast-${tone}`, role: 'status' }, message);
  toastHost.append(t);
  setTimeout(() => t.remove(), 4500);
}

/** Shows problem+json field errors next to the inputs whose `data-pointer` matches; the rest in `generalEl`. */
export function showFieldErrors(form, err, generalEl) {
  clearFieldErrors(form);
  const unplaced = [];
  for (const e of err.errors || []) {
    const top = `/${(e.pointer || '').split('/')[1] || ''}`;
    const slot = form.querySelector(`[data-error-for="${CSS.escape(top)}"]`);
    if (slot) {
      slot.textContent = slot.textContent ? `${slot.textContent}; ${e.message}` : fieldMessage(e);
      slot.closest('.field')?.classList.add('invalid');
    } else unplaced.push(e);
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
  for (const slot of form.querySelectorAll('[data-error-for]')) slot.textContent = '';
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

export function copyButton(getText, selectEl, label = 'Copy') {
  const btn = button(
    label,
    async () => {
      const ok = await copyText(getText(), typeof selectEl === 'function' ? selectEl() : selectEl);
      btn.textContent = ok ? 'Copied' : 'Press Ctrl+C';
      setTimeout(() => {
        btn.textContent = label;
      }, 1800);
    },
    { kind: 'secondary', dataset: { testid: 'copy' } },
  );
  return btn;
}

export function table(headers, rows, { testid, className = '' } = {}) {
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: `table ${className}`, dataset: testid ? { testid } : undefined },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          headers.map((x) => h('th', { scope: 'col', class: x.class }, x.label ?? x)),
        ),
      ),
      h('tbody', null, rows),
    ),
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
