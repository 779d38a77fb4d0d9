import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

export const MIN_PASSWORD_LENGTH = 12;
/** zxcvbn score (0–4) a password must reach: 3 = "safely unguessable: moderate protection from offline attacks". */
export const MIN_PASSWORD_SCORE = 3;

/** Famous examples that zxcvbn scores as strong but every cracking list tries first. */
const NOTORIOUS = new Set(['correcthorsebatterystaple', 'correct horse battery staple', 'trustno1trustno1', 'iloveyouiloveyou']);

let estimator: ZxcvbnFactory | undefined;

/**
 * The strength estimator: `@zxcvbn-ts/core` (the maintained TypeScript port of Dropbox's zxcvbn) with its common and
 * English dictionaries and keyboard graphs. Built once, on first use (loading the dictionaries takes a moment).
 */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return estimator;
}

/** Returns why a password is unacceptable, or null. The account's email and the product name count as guessable. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > 256) return 'must be at most 256 characters';
  const lower = password.toLowerCase();
  const local = email?.split('@')[0] ?? '';
  if (local.length >= 4 && lower.includes(local.toLowerCase())) return 'must not contain your email name';
  if (NOTORIOUS.has(lower)) return 'is too common; choose another';
  const userInputs = ['vigil', 'dashboard', ...(email ? [email, local, ...local.split(/[._+-]/)] : [])].filter((s) => s.length >= 3);
  const result = zxcvbn().check(password, userInputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const why = result.feedback.warning || 'is too easy to guess';
  const hint = result.feedback.suggestions[0];
  return `is too weak (${why.replace(/\.$/, '').toLowerCase()})${hint ? `: ${hint.replace(/\.$/, '').toLowerCase()}` : ''}; try a longer passphrase of unrelated words`;
}
