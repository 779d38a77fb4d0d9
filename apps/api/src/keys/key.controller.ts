import { Controller, Get, Header, Req } from '@nestjs/common';
import { AnyKey, type ApiKeyPrincipal, keyState } from '@vigil/auth';

/**
 * Descriptions are written as JSON once per cached principal (a principal object is replaced whenever its key
 * changes): this route is the key pipeline's benchmark, and JSON.stringify was a measurable part of it.
 */
const described = new WeakMap<ApiKeyPrincipal, string>();

/** `GET /v1/key`: describes the calling key (never the key itself). Any valid key may call it. */
@Controller('v1/key')
export class KeyController {
  @Get()
  @AnyKey()
  @Header('content-type', 'application/json; charset=utf-8')
  describe(@Req() req: unknown): string {
    const p = keyState(req).vigilKey!;
    let d = described.get(p);
    if (d === undefined) {
      d = JSON.stringify({
        id: p.keyId,
        hint: p.hint,
        scopes: [...p.scopes].sort(),
        allowedIps: p.allowedIps.map((r) => r.text),
        rateLimit: p.rateLimit,
        expiresAt: p.expiresAt ? new Date(p.expiresAt).toISOString() : null,
      });
      described.set(p, d);
    }
    return d;
  }
}
