import { Module } from '@nestjs/common';
import { MailerService } from './mailer.service';

/** Outgoing email (SMTP when `SMTP_URL` is set; otherwise links go to the log). */
@Module({ providers: [MailerService], exports: [MailerService] })
export class EmailModule {}
