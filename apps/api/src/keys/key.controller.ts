import { Controller, Get, Req } from '@nestjs/common';
import { AnyKey, type ApiKeyPrincipal, keyState } from '@vigil/auth';

/** Descriptions are built once per cached principal (a principal object is replaced whenever its key changes). */
const described = new WeakMap<ApiKeyPrincipal, object>();

/** `GET /v1/key`: describes the calling key (never the key itself). Any valid key may call it. */
@Controller('v1/key')
export class KeyController {
  @Get()
  @AnyKey()
  describe(@Req() req: unknown): object {
    const p = keyState(req).vigilKey!;
    let d = described.get(p);
    if (!d) {
      d = { id: p.keyId, hint: p.hint, scopes: [...p.scopes].sort(), allowedIps: p.allowedIps.map((r) => r.text), rateLimit: p.rateLimit, expiresAt: p.expiresAt ? new Date(p.expiresAt).toISOString() : null };
      described.set(p, d);
    }
    return d;
  }
}
