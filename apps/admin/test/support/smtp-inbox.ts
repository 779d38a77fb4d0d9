import { type ParsedMail, simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

/**
 * A real SMTP receiver in-process (the `smtp-server` package, plain SMTP with AUTH accepted) that keeps every
 * message, parsed with `mailparser`, so tests read what a mailbox would.
 */
export class SmtpInbox {
  readonly messages: ReceivedMail[] = [];
  private server: SMTPServer;
  private port = 0;
  readonly logins: string[] = [];

  static async start(): Promise<SmtpInbox> {
    const inbox = new SmtpInbox();
    await inbox.listen();
    return inbox;
  }

  private constructor() {
    this.server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onAuth: (auth, _session, cb) => {
        this.logins.push(auth.username ?? '');
        cb(null, { user: auth.username });
      },
      onData: (stream, _session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then((mail: ParsedMail) => {
            const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));
            this.messages.push({ to, subject: mail.subject ?? '', text: mail.text ?? '', raw });
            cb();
          }, cb);
        });
      },
    });
  }

  private listen(): Promise<void> {
    return new Promise((resolve) =>
      this.server.listen(0, '127.0.0.1', () => {
        this.port = (this.server.server.address() as AddressInfo).port;
        resolve();
      }),
    );
  }

  /** `SMTP_URL` for the admin app. */
  get url(): string {
    return `smtp://vigil:secret-pass@127.0.0.1:${this.port}`;
  }

  /** Messages to this address so far. */
  to(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase()));
  }

  /** Waits for the `n`-th message (1-based) to an address. */
  async waitFor(address: string, n = 1, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const got = this.to(address);
      if (got.length >= n) return got[n - 1];
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no message #${n} to ${address} within ${timeoutMs} ms (have ${this.to(address).length})`);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The token in a Vigil link (`…/#/verify-email/<token>` or `…/#/reset-password/<token>`). */
export function tokenFrom(text: string, route: 'verify-email' | 'reset-password'): string {
  const m = new RegExp(`/#/${route}/([0-9a-f]{64})`).exec(text);
  if (!m) throw new Error(`no ${route} link in: ${text}`);
  return m[1];
}
