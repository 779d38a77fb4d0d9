/** An email Vigil sends about an account; `link` is the one action it carries (kept apart for the no-SMTP log). */
export interface AccountEmail {
  to: string;
  purpose: 'verify_email' | 'reset_password' | 'already_registered';
  subject: string;
  text: string;
  link: string;
}

/**
 * The texts of account emails (plain text: every client shows it, nothing to sanitise). Links point at the
 * dashboard's hash routes, so the token never reaches a server log or a Referer header.
 */
export class AccountEmailComposer {
  constructor(private readonly baseUrl: string) {}

  link(route: 'verify-email' | 'reset-password', token: string): string {
    return `${this.baseUrl.replace(/\/+$/, '')}/#/${route}/${token}`;
  }

  verification(to: string, token: string, validHours: number): AccountEmail {
    const link = this.link('verify-email', token);
    return {
      to,
      purpose: 'verify_email',
      link,
      subject: 'Verify your email address for Vigil',
      text: [
        'Someone (we hope you) created a Vigil account with this email address.',
        '',
        'To verify the address and finish creating the account, open this link:',
        link,
        '',
        `The link works once and expires in ${validHours} hours. Until the address is verified, the account cannot create API keys.`,
        '',
        'If you did not sign up, ignore this email: nothing happens without the link.',
      ].join('\n'),
    };
  }

  passwordReset(to: string, token: string, validMinutes: number): AccountEmail {
    const link = this.link('reset-password', token);
    return {
      to,
      purpose: 'reset_password',
      link,
      subject: 'Reset your Vigil password',
      text: [
        'A password reset was requested for the Vigil account with this email address.',
        '',
        'To choose a new password, open this link:',
        link,
        '',
        `The link works once and expires in ${validMinutes} minutes. Setting a new password signs out every session of the account; API keys keep working.`,
        '',
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ].join('\n'),
    };
  }

  /** Sent instead of a verification when someone signs up with an address that already has a verified account. */
  alreadyRegistered(to: string, token: string, validMinutes: number): AccountEmail {
    const link = this.link('reset-password', token);
    return {
      to,
      purpose: 'already_registered',
      link,
      subject: 'You already have a Vigil account',
      text: [
        'Someone tried to create a Vigil account with this email address, but an account with it already exists.',
        '',
        `If it was you: sign in at ${this.baseUrl.replace(/\/+$/, '')}/#/signin with your existing password, or choose a new one here:`,
        link,
        '',
        `The link works once and expires in ${validMinutes} minutes.`,
        '',
        'If it was not you, ignore this email: your account and password are unchanged.',
      ].join('\n'),
    };
  }
}
