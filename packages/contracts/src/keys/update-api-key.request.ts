import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsISO8601, IsOptional, IsString, Length, ValidateIf, ValidateNested } from 'class-validator';
import { PUBLIC_SCOPES } from '../scopes';
import { IsIpOrCidr } from './is-ip-or-cidr.validator';
import { RateLimitDto } from './rate-limit.dto';

/** `PATCH /api/keys/:id`: any subset; `null` clears rateLimit/expiresAt. */
export class UpdateApiKeyRequest {
  @IsOptional()
  @IsString()
  @Length(1, 100)
  label?: string;

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsIn(PUBLIC_SCOPES as string[], { each: true })
  scopes?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsIpOrCidr({ each: true })
  allowedIps?: string[];

  @ValidateIf((o: UpdateApiKeyRequest) => o.rateLimit !== undefined && o.rateLimit !== null)
  @ValidateNested()
  @Type(() => RateLimitDto)
  rateLimit?: RateLimitDto | null;

  @ValidateIf((o: UpdateApiKeyRequest) => o.expiresAt !== undefined && o.expiresAt !== null)
  @IsISO8601({ strict: true })
  expiresAt?: string | null;
}
