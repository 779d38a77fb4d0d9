import { IsString, Matches, MaxLength } from 'class-validator';

/** `:version` of `/api/admin/kb/releases/:version/...`: a release version (`curated-…` or `kb-…`). */
export class KbReleaseParams {
  @IsString()
  @MaxLength(100)
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._+-]*$/, { message: 'version must be a knowledge-base release version' })
  version!: string;
}
