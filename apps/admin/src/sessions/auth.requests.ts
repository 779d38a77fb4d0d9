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
