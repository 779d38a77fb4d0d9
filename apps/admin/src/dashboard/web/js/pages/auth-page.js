// Sign in / create account. Errors from the server are generic on purpose (they never say whether an email exists).
import { post, rememberCsrf } from '../api.js';
import { h, mount } from '../dom.js';
import { num, rate } from '../format.js';
import { clearFieldErrors, errorBox, field, refuseShortPassword, showFieldErrors } from '../ui.js';

export function renderAuth(ctx, mode) {
  const { config } = ctx.app;
  const signup = mode === 'signup';
  const flashed = ctx.take();
  const general = h('div', { class: 'form-general', dataset: { testid: 'auth-error' } });
  const email = h('input', { type: 'email', name: 'email', autocomplete: 'email', required: true, maxlength: 320, dataset: { testid: 'email' } });
  const password = h('input', {
    type: 'password',
    name: 'password',
    autocomplete: signup ? 'new-password' : 'current-password',
    required: true,
    minlength: signup ? config.passwordMinLength : undefined,
    maxlength: 256,
    dataset: { testid: 'password' },
  });
  const submit = h('button', { class: 'btn btn-primary btn-block', type: 'submit', dataset: { testid: 'submit' } }, signup ? 'Create account' : 'Sign in');

  const form = h(
    'form',
    {
      class: 'auth-form',
      novalidate: true,
      onsubmit: async (e) => {
        e.preventDefault();
        clearFieldErrors(form);
        mount(general);
        flashEl?.remove();
        if (signup && refuseShortPassword(form, general, password, '/password', config.passwordMinLength)) return;
        submit.disabled = true;
        submit.textContent = signup ? 'Creating…' : 'Signing in…';
        try {
          const address = email.value.trim();
          const r = await post(signup ? '/api/auth/signup' : '/api/auth/login', { email: address, password: password.value });
          password.value = '';
          if (signup) {
            // The same answer whether or not the address already has an account: the email says which.
            mount(
              form,
              h(
                'div',
                { class: 'alert alert-info', role: 'status', dataset: { testid: 'check-email' } },
                h('strong', null, 'Check your inbox. '),
                `We sent a link to ${address} to finish creating the account. If the address already has an account, the email says so and offers a password reset instead.`,
              ),
              h('p', { class: 'muted small' }, 'The link works for 24 hours. Nothing arrived? Check spam, or sign up again to get a new link.'),
            );
            return;
          }
          rememberCsrf(r.csrfToken);
          ctx.signedIn(r.account);
        } catch (err) {
          showFieldErrors(form, err, general);
          if (err.code === 'invalid_credentials') mount(general, errorBox(new Error('The email or password is incorrect.')));
          submit.disabled = false;
          submit.textContent = signup ? 'Create account' : 'Sign in';
        }
      },
    },
    field('Email', email, { pointer: '/email' }),
    field('Password', password, { pointer: '/password', hint: signup ? `At least ${config.passwordMinLength} characters; a passphrase works well.` : null }),
    general,
    submit,
    signup ? null : h('p', { class: 'small auth-forgot' }, h('a', { href: '#/forgot-password', dataset: { testid: 'forgot-password' } }, 'Forgot your password?')),
  );

  const free = config.plans[0];
  const trialPlan = config.trial ? config.plans.find((p) => p.id === config.trial.plan) : null;
  const flashEl = flashed ? h('div', { class: `alert alert-${flashed.tone === 'error' ? 'error' : 'info'}`, role: 'status' }, flashed.message) : null;
  const aside = h(
    'aside',
    { class: 'auth-aside', 'aria-label': 'About Vigil' },
    h('h2', null, 'Drug–drug interaction checks for your software'),
    h('p', null, 'Send a medication list to ', h('code', null, 'POST /v1/interactions/check'), ' and get every interacting pair with severity, mechanism and management.'),
    h(
      'ul',
      { class: 'plan-points' },
      h('li', null, h('strong', null, `${free.name} plan`), ` — ${num(free.monthlyQuota)} requests a month, ${rate(free.rateLimit)} per key, up to ${free.maxKeys} keys.`),
      trialPlan
        ? h(
            'li',
            null,
            h('strong', null, `${config.trial.days}-day ${trialPlan.name} trial`),
            ` on sign-up — ${num(trialPlan.monthlyQuota)} requests a month, ${rate(trialPlan.rateLimit)} per key.`,
          )
        : null,
      h('li', null, 'No payment card, ever asked.'),
    ),
    h('p', { class: 'muted small' }, 'Vigil is clinical decision support, not a prescriber.'),
  );

  return h(
    'div',
    { class: 'auth' },
    h(
      'main',
      { class: 'auth-card', id: 'main', tabindex: '-1' },
      h('div', { class: 'brand brand-lg' }, h('img', { src: '/assets/favicon.svg', alt: '', width: 36, height: 36 }), h('span', null, 'Vigil')),
      h('h1', { class: 'auth-title' }, signup ? 'Create your Vigil account' : 'Sign in to Vigil'),
      h(
        'div',
        { class: 'tabs', role: 'tablist' },
        h('a', { href: '#/signin', class: `tab${signup ? '' : ' active'}`, role: 'tab', 'aria-selected': String(!signup) }, 'Sign in'),
        h('a', { href: '#/signup', class: `tab${signup ? ' active' : ''}`, role: 'tab', 'aria-selected': String(signup) }, 'Create account'),
      ),
      flashEl,
      form,
    ),
    aside,
  );
}
