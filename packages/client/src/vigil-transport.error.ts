/** The request did not get an answer: a timeout (`kind: 'timeout'`), a network failure, or a body that is not the API's. */
export class VigilTransportError extends Error {
  /** HTTP status, when an answer came but was not the API's. */
  readonly status: number | undefined;

  constructor(
    readonly kind: 'timeout' | 'network' | 'invalid_response',
    message: string,
    options: { cause?: unknown; status?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.name = 'VigilTransportError';
  }
}
