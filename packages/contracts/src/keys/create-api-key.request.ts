import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsISO8601, IsOptional, IsString, Length, ValidateNested } from 'class-validator';
import { PUBLIC_SCOPES } from '../scopes';
import { IsIpOrCidr } from './is-ip-or-cidr.validator';
import { RateLimitDto } from './rate-limit.dto';

/** `POST /api/keys`. */
export class CreateApiKeyRequest {
  @IsString()
  @Length(1, 100)
  label: string;

  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsIn(PUBLIC_SCOPES as string[], { each: true })
  scopes?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsIpOrCidr({ each: true })
  allowedIps?: string[];

  @IsOptional()
  @ValidateNested()
  @Type(() => RateLimitDto)
  rateLimit?: RateLimitDto | null;

  @IsOptional()
  @IsISO8601({ strict: true })
  expiresAt?: string | null;
}
