import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { RedisWindowStorage, WindowCounterStorage } from '@vigil/auth';
import { REDIS } from '@vigil/platform';
import type { Redis } from 'ioredis';
import { AccountEmailService } from './accounts/account-email.service';
import { AccountTokensService } from './accounts/account-tokens.service';
import { AccountsService } from './accounts/accounts.service';
import { MailerService } from './email/mailer.service';
import { AuditService } from './audit/audit.service';
import { KeyEventsPublisher } from './keys/key-events.publisher';
import { KeysController } from './keys/keys.controller';
import { KeysService } from './keys/keys.service';
import { AuthController } from './sessions/auth.controller';
import { LOGIN_THROTTLERS } from './sessions/login-throttle.guard';
import { SessionGuard } from './sessions/session.guard';
import { SessionsService } from './sessions/sessions.service';
import { LoginFailureLimiter } from './sessions/login-failure.limiter';

/** Accounts, sessions and key management; the session guard protects every non-public route. */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [REDIS],
      useFactory: (redis: Redis | null) => ({ throttlers: LOGIN_THROTTLERS, storage: redis ? new RedisWindowStorage(redis, 'vigil:login:') : new WindowCounterStorage() }),
    }),
  ],
  controllers: [AuthController, KeysController],
  providers: [
    AuditService,
    AccountsService,
    AccountTokensService,
    AccountEmailService,
    MailerService,
    SessionsService,
    LoginFailureLimiter,
    KeysService,
    KeyEventsPublisher,
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
  exports: [AuditService, AccountsService, AccountEmailService, MailerService, SessionsService, KeysService, KeyEventsPublisher],
})
export class AdminCoreModule {}
