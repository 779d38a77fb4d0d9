import type { IncomingMessage } from 'node:http';

const PROBLEM_CODE = Symbol.for('vigil.problemCode');

type Holder = IncomingMessage & { [PROBLEM_CODE]?: string };

/** Notes on the raw request which documented error `code` it was answered with, for its log line and metrics. */
export function rememberProblemCode(raw: IncomingMessage, code: string): void {
  (raw as Holder)[PROBLEM_CODE] = code;
}

/** The error `code` a request was answered with, if it was a problem document. */
export function problemCodeOf(raw: IncomingMessage): string | undefined {
  return (raw as Holder)[PROBLEM_CODE];
}
