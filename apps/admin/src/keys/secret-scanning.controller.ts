import { Body, Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { Public } from '@vigil/auth';
import { SecretScanningReportSchema, type SecretScanningResponse } from '@vigil/contracts';
import { ProblemException, parseOrThrow } from '@vigil/platform';
import type { FastifyRequest } from 'fastify';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';
import { GitHubSignatureVerifier } from './github-signature.verifier';
import { KeyExposureService } from './key-exposure.service';

/**
 * `POST /api/secret-scanning/github`: GitHub's secret scanning partner program reports Vigil keys it found in public
 * code. No session: the report is trusted only when GitHub's signature over the exact body verifies with a key the
 * operator configured (`SECRET_SCANNING_GITHUB_KEYS`). Every real key in it is revoked at once.
 */
@Public()
@Controller('api/secret-scanning')
export class SecretScanningController {
  private readonly verifier: GitHubSignatureVerifier;

  constructor(
    private readonly exposure: KeyExposureService,
    @Inject(ADMIN_CONFIG) config: AdminConfig,
  ) {
    this.verifier = new GitHubSignatureVerifier(config.SECRET_SCANNING_GITHUB_KEYS);
  }

  @Post('github')
  @HttpCode(200)
  async github(
    @Req() req: FastifyRequest & { rawBody?: Buffer },
    @Headers('github-public-key-identifier') keyId: string | undefined,
    @Headers('github-public-key-signature') signature: string | undefined,
    @Body() body: unknown,
  ): Promise<SecretScanningResponse> {
    if (!this.verifier.configured) throw new ProblemException('NotFound', { detail: 'GitHub secret scanning is not configured on this deployment (SECRET_SCANNING_GITHUB_KEYS).' });
    if (!req.rawBody || !this.verifier.verify(req.rawBody, keyId, signature)) {
      throw new ProblemException('Unauthenticated', { detail: 'The report is not signed by a configured GitHub secret-scanning key.' });
    }
    // Only a signed report is read: an unsigned one learns nothing, not even whether its shape was right.
    const report = parseOrThrow(SecretScanningReportSchema, body);
    return this.exposure.reportTokens(report, { type: 'system', label: 'github-secret-scanning', requestId: String(req.id), ip: req.ip });
  }
}
