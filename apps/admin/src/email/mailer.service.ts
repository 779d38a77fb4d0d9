import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type Transporter, createTransport } from 'nodemailer';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';
import type { AccountEmail } from './account-email.composer';

/** `jane@example.com` → `j***@example.com`: enough for an operator to tell deliveries apart, not a full address. */
export const maskAddress = (to: string) => to.replace(/^(.)[^@]*@/, '$1***@');

/**
 * Delivers account emails with nodemailer over `SMTP_URL`. Sending never blocks or fails the request that caused it
 * (the answer must not depend on, or reveal, delivery); failures are logged without the link. With no SMTP_URL the
 * link is written to the log at warn level for the operator, as documented.
 */
@Injectable()
export class MailerService implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter | null;
  private readonly pending = new Set<Promise<void>>();

  constructor(@Inject(ADMIN_CONFIG) private readonly config: AdminConfig) {
    this.transport = config.SMTP_URL
      ? createTransport({ url: config.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }, { from: config.MAIL_FROM })
      : null;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  /** Queues one email and returns at once. */
  send(email: AccountEmail): void {
    if (!this.transport) {
      this.logger.warn(`SMTP_URL is not set, so no email was sent: ${email.purpose} link for ${email.to}: ${email.link}`);
      return;
    }
    const delivery = this.transport
      .sendMail({ from: this.config.MAIL_FROM, to: email.to, subject: email.subject, text: email.text })
      .then(
        () => this.logger.log({ msg: 'email sent', purpose: email.purpose, to: maskAddress(email.to) }),
        (error: Error) => this.logger.error({ msg: 'email delivery failed', purpose: email.purpose, to: maskAddress(email.to), error: error.message }),
      )
      .finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  /** Resolves when every queued email has been delivered or has failed. */
  async flush(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush();
    this.transport?.close();
  }
}
