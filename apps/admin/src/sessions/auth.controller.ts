import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { Public } from '@vigil/auth';
import { ProblemException, requestIdFor } from '@vigil/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountsService } from '../accounts/accounts.service';
import { actorFrom } from '../common/actor-from-request';
import { CSRF_COOKIE, SESSION_COOKIE, serializeCookie } from './cookies';
import { ChangePasswordRequest, LoginRequest, SignupRequest } from './auth.requests';
import { LoginFailureLimiter } from './login-failure.limiter';
import { LoginThrottleGuard } from './login-throttle.guard';
import type { SessionRequest } from './session-request';
import { SessionsService } from './sessions.service';

type Req = FastifyRequest & SessionRequest;

/** `/api/auth`: sign-up, sign-in (session + CSRF cookies), sign-out, current account, password change. */
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly failures: LoginFailureLimiter,
  ) {}

  @Public()
  @Post('signup')
  @UseGuards(LoginThrottleGuard)
  async signup(@Body() body: SignupRequest, @Req() req: Req, @Res({ passthrough: true }) reply: FastifyReply) {
    try {
      await this.accounts.create({ email: body.email, password: body.password }, { type: 'account', label: body.email, requestId: requestIdFor(req.raw), ip: req.ip });
    } catch (error) {
      // An existing email must not be revealed: continue as a sign-in, which answers the same generic
      // invalid_credentials for a wrong password (and signs the owner in with the right one).
      if (!(error instanceof ProblemException && error.key === 'Conflict')) throw error;
    }
    return this.startSession(body, req, reply);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  login(@Body() body: LoginRequest, @Req() req: Req, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.startSession(body, req, reply);
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Req() req: Req, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.sessions.logout(req.vigilSession!.sessionId);
    this.clearCookies(reply, req);
  }

  @Get('me')
  me(@Req() req: Req) {
    return { account: this.accounts.view(req.vigilSession!.account) };
  }

  @Post('password')
  @HttpCode(204)
  async changePassword(@Body() body: ChangePasswordRequest, @Req() req: Req, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const account = await this.accounts.findByEmail(req.vigilSession!.account.email);
    if (!(await this.accounts.hasher.verify(account?.passwordHash, body.currentPassword))) {
      throw new ProblemException('InvalidCredentials', { detail: 'The current password is incorrect.' });
    }
    // Ends every session of the account, this one included: sign in again with the new password.
    await this.accounts.changePassword(req.vigilSession!.account.id, body.newPassword, actorFrom(req));
    this.clearCookies(reply, req);
  }

  private async startSession(body: LoginRequest, req: Req, reply: FastifyReply) {
    const wait = await this.failures.retryAfterSeconds(req.ip, body.email);
    if (wait > 0) throw new ProblemException('RateLimited', { detail: `Too many failed sign-ins from this client; try again in ${wait} s.`, headers: { 'retry-after': String(wait) } });
    let session: Awaited<ReturnType<SessionsService['login']>>;
    try {
      session = await this.sessions.login(body.email, body.password, { ip: req.ip, userAgent: req.headers['user-agent'] as string | undefined, requestId: requestIdFor(req.raw) });
    } catch (error) {
      if (error instanceof ProblemException && error.key === 'InvalidCredentials') await this.failures.failed(req.ip, body.email);
      throw error;
    }
    await this.failures.succeeded(req.ip, body.email);
    const { token, csrf, account } = session;
    const secure = this.sessions.cookieSecure(req);
    const maxAge = this.sessions.absoluteSeconds;
    reply.header('set-cookie', [
      serializeCookie(SESSION_COOKIE, token, { httpOnly: true, secure, maxAgeSeconds: maxAge }),
      serializeCookie(CSRF_COOKIE, csrf, { httpOnly: false, secure, maxAgeSeconds: maxAge }),
    ]);
    reply.header('cache-control', 'no-store');
    return { account: this.accounts.view(account), csrfToken: csrf };
  }

  private clearCookies(reply: FastifyReply, req?: Req): void {
    const secure = req ? this.sessions.cookieSecure(req) : false;
    reply.header('set-cookie', [serializeCookie(SESSION_COOKIE, '', { httpOnly: true, secure, maxAgeSeconds: 0 }), serializeCookie(CSRF_COOKIE, '', { httpOnly: false, secure, maxAgeSeconds: 0 })]);
  }
}
