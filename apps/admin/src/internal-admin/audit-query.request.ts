import { Type } from 'class-transformer';
import { IsISO8601, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/**
 * `GET /api/admin/audit`: `actor` = an account id, an actor type (`cli`, `admin`…) or part of the actor label;
 * `action` = an action (`key.revoke`) or its prefix (`key`); `target` = a target id or target type;
 * `from`/`to` = ISO 8601 times (inclusive); newest first.
 */
export class AuditQueryRequest {
  @IsOptional()
  @IsString()
  @MaxLength(320)
  actor?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  action?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  target?: string;

  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  offset?: number;
}
