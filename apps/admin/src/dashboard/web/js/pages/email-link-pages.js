// The pages an emailed link opens (verify the address, choose a new password) and "forgot password". Answers to
// "forgot password" never say whether an address has an account.
import { ApiError, post, rememberCsrf } from '../api.js';
import { h, mount } from '../dom.js';
import { authCard, clearFieldErrors, errorBox, field, refuseShortPassword, showFieldErrors } from '../ui.js';

/** The server ended this browser's session (if any): forget it here too, without a "session lost" notice. */
function signedOut(ctx) {
  ctx.app.me = null;
  rememberCsrf(null);
}

const signInLink = (label = 'Go to sign in') => h('a', { class: 'btn btn-primary btn-block', href: '#/signin', dataset: { testid: 'to-sign-in' } }, label);

/** `#/verify-email/<token>`: verifies on open (the token is single use; a reload then says it was used). */
export async function renderVerifyEmail(ctx) {
  try {
    const r = await post('/api/auth/verify-email', { token: ctx.params.token });
    signedOut(ctx); // verification ends the sessions opened before it
    return authCard(
      'Email address verified',
      h('div', { class: 'alert alert-info', role: 'status', dataset: { testid: 'verified' } }, `${r.email} is verified. Sign in to create API keys.`),
      signInLink(),
    );
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'link_invalid') throw err;
    return authCard(
      'This link cannot be used',
      h('div', { class: 'alert alert-error', role: 'alert', dataset: { testid: 'link-invalid' } }, err.message),
      h('p', { class: 'muted small' }, 'Signed in, you can ask for a new verification link from any page. Signing up again with the same address also sends a new one.'),
      signInLink(),
    );
  }
}

/** `#/forgot-password`: asks for a reset link. */
export function renderForgotPassword() {
  const general = h('div', { class: 'form-general' });
  const email = h('input', { type: 'email', name: 'email', autocomplete: 'email', required: true, maxlength: 320, dataset: { testid: 'email' } });
  const submit = h('button', { class: 'btn btn-primary btn-block', type: 'submit', dataset: { testid: 'submit' } }, 'Send a reset link');
  const holder = h('div');
  const form = h(
    'form',
    {
      class: 'auth-form',
      novalidate: true,
      onsubmit: async (e) => {
        e.preventDefault();
        clearFieldErrors(form);
        mount(general);
        submit.disabled = true;
        try {
          const r = await post('/api/auth/password-reset', { email: email.value.trim() });
          mount(holder, h('div', { class: 'alert alert-info', role: 'status', dataset: { testid: 'reset-sent' } }, r.detail), signInLink('Back to sign in'));
        } catch (err) {
          showFieldErrors(form, err, general);
          submit.disabled = false;
        }
      },
    },
    h('p', { class: 'muted' }, 'Enter the email address of your account. We will send a link to choose a new password.'),
    field('Email', email, { pointer: '/email' }),
    general,
    submit,
  );
  mount(holder, form, h('p', { class: 'small' }, h('a', { href: '#/signin' }, 'Back to sign in')));
  return authCard('Reset your password', holder);
}

/** `#/reset-password/<token>`: chooses a new password; a weak one is refused without using up the link. */
export function renderResetPassword(ctx) {
  const { config } = ctx.app;
  const general = h('div', { class: 'form-general' });
  const password = h('input', {
    type: 'password',
    name: 'newPassword',
    autocomplete: 'new-password',
    required: true,
    minlength: config.passwordMinLength,
    maxlength: 256,
    dataset: { testid: 'password' },
  });
  const submit = h('button', { class: 'btn btn-primary btn-block', type: 'submit', dataset: { testid: 'submit' } }, 'Set the new password');
  const holder = h('div');
  const form = h(
    'form',
    {
      class: 'auth-form',
      novalidate: true,
      onsubmit: async (e) => {
        e.preventDefault();
        clearFieldErrors(form);
        mount(general);
        if (refuseShortPassword(form, general, password, '/newPassword', config.passwordMinLength)) return;
        submit.disabled = true;
        try {
          await post('/api/auth/password-reset/confirm', { token: ctx.params.token, newPassword: password.value });
          password.value = '';
          signedOut(ctx); // a new password ends every session
          ctx.flash('Password changed. Every session was signed out; sign in with the new password.');
          ctx.navigate('signin');
        } catch (err) {
          if (err instanceof ApiError && err.code === 'link_invalid') {
            mount(
              holder,
              h('div', { class: 'alert alert-error', role: 'alert', dataset: { testid: 'link-invalid' } }, err.message),
              h('p', null, h('a', { href: '#/forgot-password' }, 'Ask for a new link')),
            );
            return;
          }
          showFieldErrors(form, err, general);
          if (!err.errors?.length) mount(general, errorBox(err));
          submit.disabled = false;
        }
      },
    },
    field('New password', password, { pointer: '/newPassword', hint: `At least ${config.passwordMinLength} characters; a passphrase works well.` }),
    general,
    submit,
  );
  mount(holder, form);
  return authCard('Choose a new password', holder);
}
