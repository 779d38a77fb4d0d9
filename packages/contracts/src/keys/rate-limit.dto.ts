import { IsInt, Max, Min } from 'class-validator';

/** A per-key rate limit: at most `limit` requests per `windowSeconds`. */
export class RateLimitDto {
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  limit: number;

  @IsInt()
  @Min(1)
  @Max(86_400)
  windowSeconds: number;
}
