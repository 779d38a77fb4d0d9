/** An email Vigil sends about an account; `link` is the one action it carries (kept apart for the no-SMTP log). */
export interface AccountEmail {
  to: string;
  purpose: 'verify_email' | 'reset_password' | 'already_registered' | 'key_exposed' | 'org_invitation';
  subject: string;
  text: string;
  link: string;
}

/**
 * The texts of account emails (plain text: every client shows it, nothing to sanitise). Links point at the
 * dashboard's hash routes, so the token never reaches a server log or a Referer header.
 */
export class AccountEmailComposer {
  private readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  link(route: 'verify-email' | 'reset-password' | 'invite', token: string): string {
    return `${this.baseUrl}/#/${route}/${token}`;
  }

  verification(to: string, token: string, validHours: number): AccountEmail {
    return this.message(to, 'verify_email', 'verify-email', token, 'Verify your email address for Vigil', (link) => [
      'Someone (we hope you) created a Vigil account with this email address.',
      '',
      'To verify the address and finish creating the account, open this link:',
      link,
      '',
      `The link works once and expires in ${validHours} hours. Until the address is verified, the account cannot create API keys.`,
      '',
      'If you did not sign up, ignore this email: nothing happens without the link.',
    ]);
  }

  /** An invitation to join an organisation: accepted by a signed-in account with this address (or after signing up). */
  invitation(to: string, token: string, organisation: string, role: string, inviter: string | null, validDays: number): AccountEmail {
    return this.message(to, 'org_invitation', 'invite', token, `You are invited to join ${organisation} on Vigil`, (link) => [
      `${inviter ?? 'An administrator'} invited you to join the organisation "${organisation}" on Vigil as ${role === 'admin' ? 'an' : 'a'} ${role}.`,
      '',
      'To accept, open this link and sign in (or sign up) with this email address:',
      link,
      '',
      `The invitation expires in ${validDays} days.`,
      '',
      'If you do not know this organisation, ignore this email: nothing happens without the link.',
    ]);
  }

  passwordReset(to: string, token: string, validMinutes: number): AccountEmail {
    return this.message(to, 'reset_password', 'reset-password', token, 'Reset your Vigil password', (link) => [
      'A password reset was requested for the Vigil account with this email address.',
      '',
      'To choose a new password, open this link:',
      link,
      '',
      `The link works once and expires in ${validMinutes} minutes. Setting a new password signs out every session of the account; API keys keep working.`,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ]);
  }

  /** Sent instead of a verification when someone signs up with an address that already has a verified account. */
  alreadyRegistered(to: string, token: string, validMinutes: number): AccountEmail {
    return this.message(to, 'already_registered', 'reset-password', token, 'You already have a Vigil account', (link) => [
      'Someone tried to create a Vigil account with this email address, but an account with it already exists.',
      '',
      `If it was you: sign in at ${this.baseUrl}/#/signin with your existing password, or choose a new one here:`,
      link,
      '',
      `The link works once and expires in ${validMinutes} minutes.`,
      '',
      'If it was not you, ignore this email: your account and password are unchanged.',
    ]);
  }

  /** A key of the account was found exposed and revoked: what, where, and what to do (the key itself never). */
  keyExposed(to: string, key: { hint: string; label: string }, report: { source: string; url?: string }): AccountEmail {
    const link = `${this.baseUrl}/#/keys`;
    const text = [
      `Your Vigil API key "${key.label}" (${key.hint}) was reported as exposed and has been revoked: calls with it are refused from now on.`,
      '',
      `Reported by: ${report.source}`,
      ...(report.url ? [`Where it was found: ${report.url}`] : []),
      '',
      'What to do:',
      `1. Create a new key in the dashboard and deploy it where the old one was used: ${link}`,
      '2. Remove the old key from wherever it was exposed (and from the history of a repository).',
      '3. Check your usage charts for calls you do not recognise.',
    ].join('\n');
    return { to, purpose: 'key_exposed', link, subject: `Vigil API key revoked: "${key.label}" was exposed`, text };
  }

  private message(
    to: string,
    purpose: AccountEmail['purpose'],
    route: 'verify-email' | 'reset-password' | 'invite',
    token: string,
    subject: string,
    lines: (link: string) => string[],
  ): AccountEmail {
    const link = this.link(route, token);
    return { to, purpose, link, subject, text: lines(link).join('\n') };
  }
}
