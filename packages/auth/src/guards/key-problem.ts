import { HttpException } from '@nestjs/common';
import { ErrorCodes, type ErrorCodeKey } from '@vigil/contracts';

/**
 * The error the key guards throw. It carries the documented code so the app's problem+json filter renders it;
 * it is an HttpException so it also renders sensibly without that filter.
 */
export class KeyPolicyException extends HttpException {
  constructor(
    readonly key: ErrorCodeKey,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    readonly extensions: Record<string, unknown> = {},
  ) {
    super({ code: ErrorCodes[key].code, message: detail }, ErrorCodes[key].status);
  }
}

export function keyProblem(key: ErrorCodeKey, detail: string, headers: Record<string, string> = {}, extensions: Record<string, unknown> = {}): KeyPolicyException {
  return new KeyPolicyException(key, detail, headers, extensions);
}
