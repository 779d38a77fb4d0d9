import { Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { Public } from '@vigil/auth';
import { ProblemException, ValidBody, requestIdFor } from '@vigil/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountEmailService } from '../accounts/account-email.service';
import { AccountsService } from '../accounts/accounts.service';
import { CSRF_COOKIE, SESSION_COOKIE, serializeCookie } from './cookies';
import {
  ChangePasswordRequestSchema,
  EmailRequestSchema,
  LoginRequestSchema,
  ResetPasswordRequestSchema,
  SignupRequestSchema,
  TokenRequestSchema,
  type ChangePasswordRequest,
  type EmailRequest,
  type LoginRequest,
  type ResetPasswordRequest,
  type SignupRequest,
  type TokenRequest,
} from '@vigil/contracts';
import { LoginFailureLimiter } from './login-failure.limiter';
import { LoginThrottleGuard } from './login-throttle.guard';
import type { SessionRequest } from './session-request';
import { type SessionContext, SessionsService } from './sessions.service';
import { CurrentAccount, CurrentActor, CurrentSession } from './current-session.decorator';
import type { AccountEntity } from '@vigil/db';
import type { Actor } from '../common/actor';
import { anonymousActor } from '../common/actor-from-request';

type Req = FastifyRequest & SessionRequest;

/** What sign-up and reset requests answer, whether or not the address has an account. */
const SIGNUP_ACCEPTED = {
  status: 'verification_sent',
  detail: 'Check your inbox: we sent a link to finish creating the account. If the address already has an account, the email says so instead.',
};
const RESET_ACCEPTED = { status: 'reset_sent', detail: 'If an account uses this address, we sent it a link to choose a new password.' };

/**
 * `/api/auth`: sign-up with email verification, sign-in (session + CSRF cookies), sign-out, current account,
 * password change and reset by email.
 */
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly failures: LoginFailureLimiter,
    private readonly emails: AccountEmailService,
  ) {}

  /**
   * 202 with the same body for a new address and for one that already has an account (which gets an email saying
   * so): sign-up never reveals who is registered. No session: the account is used after following the link.
   */
  @Public()
  @Post('signup')
  @HttpCode(202)
  @UseGuards(LoginThrottleGuard)
  async signup(@ValidBody(SignupRequestSchema) body: SignupRequest, @Req() req: Req) {
    await this.emails.signup({ email: body.email, password: body.password }, anonymousActor(req, body.email));
    return SIGNUP_ACCEPTED;
  }

  @Public()
  @Post('verify-email')
  @HttpCode(200)
  @UseGuards(LoginThrottleGuard)
  async verifyEmail(@ValidBody(TokenRequestSchema) body: TokenRequest, @Req() req: Req) {
    const { email } = await this.emails.verify(body.token, anonymousActor(req));
    return { status: 'verified', email, detail: 'Email address verified. Sign in to create API keys.' };
  }

  /** A new verification link for the signed-in account. */
  @Post('verify-email/resend')
  @HttpCode(202)
  async resendVerification(@CurrentAccount() account: AccountEntity, @CurrentActor() actor: Actor) {
    await this.emails.resend(account.id, actor);
    return { status: 'verification_sent', detail: `We sent a new link to ${account.email}.` };
  }

  @Public()
  @Post('password-reset')
  @HttpCode(202)
  @UseGuards(LoginThrottleGuard)
  async requestPasswordReset(@ValidBody(EmailRequestSchema) body: EmailRequest, @Req() req: Req) {
    await this.emails.requestReset(body.email, anonymousActor(req, body.email));
    return RESET_ACCEPTED;
  }

  @Public()
  @Post('password-reset/confirm')
  @HttpCode(200)
  @UseGuards(LoginThrottleGuard)
  async confirmPasswordReset(@ValidBody(ResetPasswordRequestSchema) body: ResetPasswordRequest, @Req() req: Req) {
    const { email } = await this.emails.resetPassword(body.token, body.newPassword, anonymousActor(req));
    await this.failures.succeeded(req.ip, email);
    return { status: 'password_reset', email, detail: 'Password changed; every session was signed out. Sign in with the new password.' };
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  login(@ValidBody(LoginRequestSchema) body: LoginRequest, @Req() req: Req, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.startSession(body, req, reply);
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@CurrentSession() session: SessionContext, @Req() req: Req, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.sessions.logout(session.sessionId);
    this.clearCookies(reply, req);
  }

  @Get('me')
  me(@CurrentAccount() account: AccountEntity) {
    return { account: this.accounts.view(account) };
  }

  @Post('password')
  @HttpCode(204)
  async changePassword(
    @ValidBody(ChangePasswordRequestSchema) body: ChangePasswordRequest,
    @CurrentAccount() signedIn: AccountEntity,
    @CurrentActor() actor: Actor,
    @Req() req: Req,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const account = await this.accounts.findByEmail(signedIn.email);
    if (!(await this.accounts.hasher.verify(account?.passwordHash, body.currentPassword))) {
      throw new ProblemException('InvalidCredentials', { detail: 'The current password is incorrect.' });
    }
    // Ends every session of the account, this one included: sign in again with the new password.
    await this.accounts.changePassword(signedIn.id, body.newPassword, actor);
    this.clearCookies(reply, req);
  }

  private async startSession(body: LoginRequest, req: Req, reply: FastifyReply) {
    const wait = await this.failures.retryAfterSeconds(req.ip, body.email);
    if (wait > 0)
      throw new ProblemException('RateLimited', { detail: `Too many failed sign-ins from this client; try again in ${wait} s.`, headers: { 'retry-after': String(wait) } });
    let session: Awaited<ReturnType<SessionsService['login']>>;
    try {
      session = await this.sessions.login(body.email, body.password, { ip: req.ip, userAgent: req.headers['user-agent'], requestId: requestIdFor(req.raw) });
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
    reply.header('set-cookie', [
      serializeCookie(SESSION_COOKIE, '', { httpOnly: true, secure, maxAgeSeconds: 0 }),
      serializeCookie(CSRF_COOKIE, '', { httpOnly: false, secure, maxAgeSeconds: 0 }),
    ]);
  }
}
