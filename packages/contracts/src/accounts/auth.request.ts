import { z } from 'zod';
import { emailAddress, text } from '../validation/field-rules';

/** `POST /api/auth/login`. */
export const LoginRequestSchema = z.strictObject({ email: emailAddress(), password: text(256, 'password') }).meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** `POST /api/auth/signup` (the password policy is checked by the account service). */
export const SignupRequestSchema = LoginRequestSchema.meta({ id: 'SignupRequest' });
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

/** `POST /api/auth/password`. */
export const ChangePasswordRequestSchema = z
  .strictObject({ currentPassword: text(256, 'currentPassword'), newPassword: text(256, 'newPassword') })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** `POST /api/auth/password-reset`. */
export const EmailRequestSchema = z.strictObject({ email: emailAddress() }).meta({ id: 'EmailRequest' });
export type EmailRequest = z.infer<typeof EmailRequestSchema>;

/** `POST /api/auth/verify-email`: the token of an emailed link. */
export const TokenRequestSchema = z.strictObject({ token: text(200, 'token') }).meta({ id: 'TokenRequest' });
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

/** `POST /api/auth/password-reset/confirm`. */
export const ResetPasswordRequestSchema = TokenRequestSchema.extend({ newPassword: text(256, 'newPassword') }).meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;
