import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { RedisWindowStorage, WindowCounterStorage } from '@vigil/auth';
import { REDIS } from '@vigil/platform';
import type { Redis } from 'ioredis';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { AuthController } from './auth.controller';
import { LoginFailureLimiter } from './login-failure.limiter';
import { LOGIN_THROTTLERS } from './login-throttle.guard';
import { SessionGuard } from './session.guard';
import { SessionsService } from './sessions.service';

/** Sign-up, sign-in and sessions (`/api/auth`); the session guard protects every non-public route of the app. */
@Module({
  imports: [
    AccountsModule,
    AuditModule,
    ThrottlerModule.forRootAsync({
      inject: [REDIS],
      useFactory: (redis: Redis | null) => ({ throttlers: LOGIN_THROTTLERS, storage: redis ? new RedisWindowStorage(redis, 'vigil:login:') : new WindowCounterStorage() }),
    }),
  ],
  controllers: [AuthController],
  providers: [SessionsService, LoginFailureLimiter, { provide: APP_GUARD, useClass: SessionGuard }],
  exports: [SessionsService],
})
export class SessionsModule {}
