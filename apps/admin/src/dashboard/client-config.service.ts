import { Inject, Injectable } from '@nestjs/common';
import { PUBLIC_SCOPES } from '@vigil/contracts';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';
import { MIN_PASSWORD_LENGTH } from '../accounts/password-policy';
import type { ClientConfigResponse } from '@vigil/contracts';

const SAFE_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/i;

/** What the dashboard needs to know about this deployment. Nothing secret. */
@Injectable()
export class ClientConfigService {
  constructor(@Inject(ADMIN_CONFIG) private readonly config: AdminConfig) {}

  /** The API origin for a request that reached the dashboard at `hostHeader` (for the quickstart and CSP). */
  apiUrl(hostHeader: string | undefined, secure = false): string {
    if (this.config.PUBLIC_API_URL) return this.config.PUBLIC_API_URL.replace(/\/+$/, '');
    const host = (hostHeader ?? '').replace(/:\d+$/, '');
    const hostname = SAFE_HOST.test(host) ? host : '127.0.0.1';
    const port = this.config.ADMIN_PORT > 1 ? this.config.ADMIN_PORT - 1 : 3000;
    return `${secure ? 'https' : 'http'}://${hostname}:${port}`;
  }

  /** Origin (scheme://host:port) of `apiUrl`, for the CSP connect-src. */
  apiOrigin(hostHeader: string | undefined, secure = false): string {
    return new URL(this.apiUrl(hostHeader, secure)).origin;
  }

  forRequest(hostHeader: string | undefined, secure: boolean): ClientConfigResponse {
    return {
      apiUrl: this.apiUrl(hostHeader, secure),
      apiUrlConfigured: Boolean(this.config.PUBLIC_API_URL),
      keyPrefix: this.config.VIGIL_KEY_PREFIX,
      scopes: [...PUBLIC_SCOPES],
      plans: this.config.VIGIL_PLANS,
      trial: this.config.TRIAL_DAYS > 0 ? { plan: this.config.TRIAL_PLAN, days: this.config.TRIAL_DAYS } : null,
      passwordMinLength: MIN_PASSWORD_LENGTH,
    };
  }
}
