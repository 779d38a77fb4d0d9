import { Controller, Get, Req } from '@nestjs/common';
import { AnyKey, keyState } from '@vigil/auth';

/** `GET /v1/key`: describes the calling key (never the key itself). Any valid key may call it. */
@Controller('v1/key')
export class KeyController {
  @Get()
  @AnyKey()
  describe(@Req() req: unknown) {
    const p = keyState(req).vigilKey!;
    return { id: p.keyId, hint: p.hint, scopes: [...p.scopes].sort(), allowedIps: p.allowedIps.map((r) => r.text), rateLimit: p.rateLimit, expiresAt: p.expiresAt ? new Date(p.expiresAt).toISOString() : null };
  }
}
