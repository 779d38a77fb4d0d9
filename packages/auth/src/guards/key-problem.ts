import type { ErrorCodeKey } from '@vigil/contracts';
import { ProblemException } from '../errors/problem.exception';

/** The error the key guards throw: a ProblemException with the documented code (the one problem class of the apps). */
export function keyProblem(key: ErrorCodeKey, detail: string, headers: Record<string, string> = {}, extensions: Record<string, unknown> = {}): ProblemException {
  return new ProblemException(key, { detail, headers, extensions });
}
