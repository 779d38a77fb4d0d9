// Vigil dashboard: a dependency-free single-page app in plain ES modules. Hash routes (#/keys…) so the server
// serves one page; every call goes to the admin JSON API with the session cookie and the CSRF header.
import { ApiError, get, onSessionLost, post, rememberCsrf } from './api.js';
import { h, mount } from './dom.js';
import { planLabel } from './format.js';
import { badge, clearToasts, errorBox, spinner, toast } from './ui.js';
import { renderAuth } from './pages/auth-page.js';
import { renderForgotPassword, renderResetPassword, renderVerifyEmail } from './pages/email-link-pages.js';
import { renderKeys } from './pages/keys-page.js';
import { renderUsage } from './pages/usage-page.js';
import { renderWebhooks } from './pages/webhooks-page.js';
import { renderInvitation, renderOrganisation, renderOrganisations } from './pages/organisations-page.js';
import { renderQuickstart } from './pages/quickstart-page.js';
import { renderAccount } from './pages/account-page.js';
import { renderAdminAccounts, renderAdminAccount } from './pages/admin-accounts-page.js';
import { renderAdminAudit } from './pages/admin-audit-page.js';
import { renderAdminOrg, renderAdminOrgs } from './pages/admin-orgs-page.js';
import { renderAdminKb } from './pages/admin-kb-page.js';
import { renderCdsFeedback } from './pages/cds-feedback-page.js';
import { renderAdminCdsFeedback } from './pages/admin-cds-feedback-page.js';

const ROUTES = [
  { path: 'signin', title: 'Sign in', public: true, render: (ctx) => renderAuth(ctx, 'signin') },
  { path: 'signup', title: 'Create account', public: true, render: (ctx) => renderAuth(ctx, 'signup') },
  // `any`: an emailed link works whether or not someone is signed in in this browser.
  { path: 'verify-email/:token', title: 'Verify email', public: true, any: true, render: renderVerifyEmail },
  { path: 'forgot-password', title: 'Reset password', public: true, render: renderForgotPassword },
  { path: 'reset-password/:token', title: 'Choose a new password', public: true, any: true, render: renderResetPassword },
  // Public and `any`: someone invited may not have an account yet; signed in, the page offers to accept.
  { path: 'invite/:token', title: 'Invitation', public: true, any: true, render: renderInvitation },
  { path: 'keys', title: 'API keys', nav: 'Keys', render: renderKeys },
  { path: 'usage', title: 'Usage', nav: 'Usage', render: renderUsage },
  { path: 'webhooks', title: 'Webhooks', nav: 'Webhooks', render: renderWebhooks },
  { path: 'orgs', title: 'Organisations', nav: 'Organisations', render: renderOrganisations },
  { path: 'orgs/:id', title: 'Organisation', navAs: 'orgs', render: renderOrganisation },
  { path: 'cds-feedback', title: 'Alert feedback', nav: 'Alert feedback', render: renderCdsFeedback },
  { path: 'quickstart', title: 'Quickstart', nav: 'Quickstart', render: renderQuickstart },
  { path: 'account', title: 'Account', nav: 'Account', render: renderAccount },
  { path: 'admin/accounts', title: 'Accounts', nav: 'Accounts', admin: true, render: renderAdminAccounts },
  { path: 'admin/accounts/:id', title: 'Account', admin: true, navAs: 'admin/accounts', render: renderAdminAccount },
  { path: 'admin/orgs', title: 'All organisations', nav: 'All organisations', admin: true, render: renderAdminOrgs },
  { path: 'admin/orgs/:id', title: 'Organisation', admin: true, navAs: 'admin/orgs', render: renderAdminOrg },
  { path: 'admin/audit', title: 'Audit log', nav: 'Audit log', admin: true, render: renderAdminAudit },
  { path: 'admin/kb', title: 'Knowledge base', nav: 'Knowledge base', admin: true, render: renderAdminKb },
  { path: 'admin/cds-feedback', title: 'Override report', nav: 'Override report', admin: true, render: renderAdminCdsFeedback },
];

const app = { config: null, me: null, flash: null, returnTo: null };
const root = document.getElementById('app');
let renderSeq = 0;

function parseHash() {
  const raw = location.hash.replace(/^#\/?/, '');
  const [path, qs] = raw.split('?');
  return { path: path.replace(/\/+$/, ''), query: new URLSearchParams(qs || '') };
}

function match(path) {
  for (const r of ROUTES) {
    const names = [];
    const re = new RegExp(
      `^${r.path.replace(/:[a-z]+/g, (m) => {
        names.push(m.slice(1));
        return '([^/]+)';
      })}$`,
    );
    const m = re.exec(path);
    if (m) return { route: r, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])])) };
  }
  return null;
}

export function navigate(path) {
  const target = `#/${path}`;
  if (location.hash === target) void render();
  else location.hash = target;
}

function flash(message, tone = 'info') {
  app.flash = { message, tone };
}

async function refreshMe() {
  try {
    app.me = (await get('/api/auth/me')).account;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) app.me = null;
    else throw err;
  }
  return app.me;
}

async function signOut() {
  try {
    await post('/api/auth/logout');
  } catch {
    /* the session may already be gone */
  }
  app.me = null;
  app.returnTo = null;
  rememberCsrf(null);
  clearToasts();
  flash('You are signed out.');
  navigate('signin');
}

function shell(route, content) {
  const me = app.me;
  const current = route.navAs || route.path;
  const link = (r) => h('a', { href: `#/${r.path}`, class: `nav-link${current === r.path ? ' active' : ''}`, 'aria-current': current === r.path ? 'page' : undefined }, r.nav);
  const userLinks = ROUTES.filter((r) => r.nav && !r.admin);
  const adminLinks = me.role === 'admin' ? ROUTES.filter((r) => r.nav && r.admin) : [];
  const menuId = 'site-menu';
  const header = h('header', { class: 'sidebar' });
  // On a phone the links fold behind a Menu button, so the header stays one line tall.
  const menuButton = h(
    'button',
    {
      class: 'btn menu-toggle',
      type: 'button',
      'aria-expanded': 'false',
      'aria-controls': menuId,
      dataset: { testid: 'menu-toggle' },
      onclick: () => {
        const open = header.classList.toggle('open');
        menuButton.setAttribute('aria-expanded', String(open));
      },
    },
    'Menu',
  );
  mount(
    header,
    h(
      'div',
      { class: 'sidebar-top' },
      h('a', { class: 'brand', href: '#/keys' }, h('img', { src: '/assets/favicon.svg', alt: '', width: 28, height: 28 }), h('span', null, 'Vigil')),
      menuButton,
    ),
    h(
      'div',
      { class: 'site-menu', id: menuId },
      h('nav', { 'aria-label': 'Main' }, userLinks.map(link)),
      adminLinks.length ? h('nav', { 'aria-label': 'Operator', class: 'nav-admin' }, h('p', { class: 'nav-heading' }, 'Operator'), adminLinks.map(link)) : null,
      h(
        'div',
        { class: 'sidebar-foot' },
        h('p', { class: 'who', title: me.email, dataset: { testid: 'who' } }, me.email),
        h('p', null, badge(planLabel(me), 'info'), me.role === 'admin' ? badge('admin', 'neutral') : null),
        h('button', { class: 'btn btn-link', type: 'button', onclick: signOut, dataset: { testid: 'sign-out' } }, 'Sign out'),
      ),
    ),
  );
  return h(
    'div',
    { class: 'layout' },
    header,
    h(
      'main',
      { class: 'content', id: 'main', tabindex: '-1' },
      me.emailVerified === false ? verifyBanner(me) : null,
      // Notices (toasts) live here, in the flow above the page: they never cover a control.
      h('div', { id: 'toasts', class: 'toasts', role: 'status', 'aria-live': 'polite' }),
      content,
    ),
  );
}

/** Shown on every page until the address is verified: keys cannot be created before. */
function verifyBanner(me) {
  const resend = h(
    'button',
    {
      class: 'btn btn-secondary',
      type: 'button',
      dataset: { testid: 'resend-verification' },
      onclick: async () => {
        resend.disabled = true;
        try {
          const r = await post('/api/auth/verify-email/resend');
          toast(r.detail);
        } catch (err) {
          toast(err.message, 'error');
        } finally {
          resend.disabled = false;
        }
      },
    },
    'Send a new link',
  );
  return h(
    'div',
    { class: 'alert alert-warn verify-banner', role: 'status', dataset: { testid: 'verify-banner' } },
    h('span', null, h('strong', null, 'Verify your email address. '), `Follow the link we sent to ${me.email} to create API keys.`),
    resend,
  );
}

async function render() {
  const seq = ++renderSeq;
  const { path, query } = parseHash();
  const found = match(path);
  if (!found) return navigate(app.me ? 'keys' : 'signin');
  const { route, params } = found;
  if (!route.public && !app.me) {
    // After sign-in, back to the page that asked for it (a bookmark, or the page a lost session left).
    app.returnTo = location.hash.replace(/^#\/?/, '');
    return navigate('signin');
  }
  if (route.public && app.me && !route.any) return navigate('keys');
  document.title = `${route.title} · Vigil`;
  const ctx = {
    app,
    params,
    query,
    navigate,
    refreshMe,
    flash,
    /** Signed in: to the page that sent the user to sign in (when this account may see it), else the keys. */
    signedIn: (account) => {
      app.me = account;
      const target = app.returnTo;
      app.returnTo = null;
      const back = target && match(target.split('?')[0]);
      navigate(back && (!back.route.public || back.route.any) && (!back.route.admin || account.role === 'admin') ? target : 'keys');
    },
    take: () => {
      const f = app.flash;
      app.flash = null;
      return f;
    },
  };
  if (route.admin && app.me.role !== 'admin') {
    return mount(root, shell(route, h('div', { class: 'page' }, errorBox(new Error('This page is for internal admins.')))));
  }
  const holder = h('div', { class: 'page', dataset: { page: route.path.replace(/[/:]/g, '-') } }, spinner());
  mount(root, route.public ? holder : shell(route, holder));
  try {
    const el = await route.render(ctx);
    if (seq !== renderSeq) return;
    mount(holder, el);
  } catch (err) {
    if (seq !== renderSeq) return;
    if (err instanceof ApiError && (err.code === 'unauthenticated' || err.code === 'account_suspended')) return;
    mount(holder, errorBox(err));
  }
  document.getElementById('main')?.focus?.();
}

onSessionLost((err) => {
  if (!app.me) return;
  app.me = null;
  clearToasts();
  app.returnTo = location.hash.replace(/^#\/?/, '');
  flash(err.code === 'account_suspended' ? 'This account is suspended. Contact the operator.' : 'Your session has ended. Sign in again.', 'error');
  navigate('signin');
});

window.addEventListener('hashchange', () => void render());

async function boot() {
  try {
    const [config] = await Promise.all([get('/api/config'), refreshMe()]);
    app.config = config;
  } catch (err) {
    mount(root, h('div', { class: 'page' }, errorBox(err)));
    return;
  }
  if (!location.hash || location.hash === '#' || location.hash === '#/') {
    history.replaceState(null, '', `#/${app.me ? 'keys' : 'signin'}`);
  }
  await render();
}

void boot();
