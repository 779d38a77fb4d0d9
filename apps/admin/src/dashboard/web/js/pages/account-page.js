// Account: email, plan and trial, and password change (which ends every session, this one included).
import { ApiError, post } from '../api.js';
import { h, mount } from '../dom.js';
import { date, num, planLabel, rate, relative } from '../format.js';
import { badge, clearFieldErrors, field, pageHeader, shortPasswordError, showFieldErrors, statusBadge } from '../ui.js';

export async function renderAccount(ctx) {
  const me = await ctx.refreshMe();
  const { config } = ctx.app;
  const own = config.plans.find((p) => p.id === me.accountPlan) || me.plan;
  const trial = me.trial;
  const details = h(
    'section',
    { class: 'card' },
    h('h2', null, 'Account'),
    h(
      'dl',
      { class: 'meta meta-wide', dataset: { testid: 'account-details' } },
      h('dt', null, 'Email'),
      h('dd', null, me.email),
      h('dt', null, 'Status'),
      h('dd', null, statusBadge(me.status), me.emailVerified === false ? badge('email unverified', 'warn') : null, me.role === 'admin' ? badge('internal admin', 'neutral') : null),
      h('dt', null, 'Plan'),
      h('dd', null, h('strong', null, planLabel(me)), trial && trial.active ? ` (your account plan is ${own.name})` : ''),
      h('dt', null, 'Trial'),
      h(
        'dd',
        { dataset: { testid: 'trial' } },
        trial
          ? trial.active
            ? `${planName(config, trial.plan)} until ${date(trial.endsAt)} (${relative(trial.endsAt)}), then ${own.name}`
            : `${planName(config, trial.plan)} trial ended ${date(trial.endsAt)}`
          : 'none',
      ),
      h('dt', null, 'Limits'),
      h('dd', null, `${num(me.plan.monthlyQuota)} requests a month · ${rate(me.plan.rateLimit)} per key by default · up to ${me.plan.maxKeys} active keys`),
      h('dt', null, 'Member since'),
      h('dd', null, date(me.createdAt)),
    ),
    h('p', { class: 'muted small' }, 'No payment card is needed. Plans are set by the operator of this deployment.'),
  );

  const current = h('input', { type: 'password', name: 'currentPassword', autocomplete: 'current-password', required: true, dataset: { testid: 'current-password' } });
  const next = h('input', {
    type: 'password',
    name: 'newPassword',
    autocomplete: 'new-password',
    required: true,
    minlength: config.passwordMinLength,
    dataset: { testid: 'new-password' },
  });
  const confirm = h('input', { type: 'password', name: 'confirm', autocomplete: 'new-password', required: true, dataset: { testid: 'confirm-password' } });
  const general = h('div', { class: 'form-general' });
  const submit = h('button', { class: 'btn btn-primary', type: 'submit', dataset: { testid: 'change-password' } }, 'Change password');
  const form = h(
    'form',
    {
      class: 'narrow',
      novalidate: true,
      onsubmit: async (e) => {
        e.preventDefault();
        clearFieldErrors(form);
        mount(general);
        const errors = [];
        if (!current.value) errors.push({ pointer: '/currentPassword', message: 'enter your current password' });
        if (next.value.length < config.passwordMinLength) errors.push(shortPasswordError('/newPassword', config.passwordMinLength));
        if (next.value !== confirm.value) errors.push({ pointer: '/confirm', message: 'does not match the new password' });
        if (errors.length) return showFieldErrors(form, new ApiError(400, { detail: 'Check the form.', errors }), general);
        submit.disabled = true;
        try {
          await post('/api/auth/password', { currentPassword: current.value, newPassword: next.value });
          current.value = next.value = confirm.value = '';
          ctx.app.me = null;
          ctx.flash('Password changed. Every session was signed out: sign in with your new password.');
          ctx.navigate('signin');
        } catch (err) {
          submit.disabled = false;
          if (err.code === 'invalid_credentials')
            showFieldErrors(form, new ApiError(400, { detail: err.message, errors: [{ pointer: '/currentPassword', message: 'is incorrect' }] }), general);
          else showFieldErrors(form, err, general);
        }
      },
    },
    field('Current password', current, { pointer: '/currentPassword' }),
    field('New password', next, { pointer: '/newPassword', hint: `At least ${config.passwordMinLength} characters, not a common password.` }),
    field('Repeat the new password', confirm, { pointer: '/confirm' }),
    general,
    h('div', { class: 'form-actions' }, submit),
  );
  return h(
    'div',
    null,
    pageHeader('Account', me.email),
    details,
    h('section', { class: 'card' }, h('h2', null, 'Change password'), h('p', { class: 'muted' }, 'Changing it signs out every session of this account.'), form),
  );
}

function planName(config, id) {
  return (config.plans.find((p) => p.id === id) || { name: id }).name;
}
