import { IsEmail, IsString, Length, MaxLength } from 'class-validator';

export class LoginRequest {
  @IsEmail()
  @MaxLength(320)
  email: string;

  @IsString()
  @Length(1, 256)
  password: string;
}

export class SignupRequest extends LoginRequest {}

export class ChangePasswordRequest {
  @IsString()
  @Length(1, 256)
  currentPassword: string;

  @IsString()
  @Length(1, 256)
  newPassword: string;
}

export class EmailRequest {
  @IsEmail()
  @MaxLength(320)
  email: string;
}

export class TokenRequest {
  @IsString()
  @Length(1, 200)
  token: string;
}

export class ResetPasswordRequest extends TokenRequest {
  @IsString()
  @Length(1, 256)
  newPassword: string;
}
