import type {
  CdsFeedbackRequest,
  CdsHookRequest,
  CdsHookResponse,
  CheckBatchRequest,
  CheckBatchResponse,
  CheckInteractionsRequest,
  CheckInteractionsResponse,
  DrugDetail,
  DrugSearchResponse,
  FhirCheckRequest,
  FhirCheckResponse,
  FhirOperationOutcome,
  KbDescription,
  KeyDescription,
  ProblemResponse,
} from '@vigil/contracts';
import { VigilProblemError } from './vigil-problem.error';
import { VigilTransportError } from './vigil-transport.error';

// Runtime values are spelled here, not imported: the client needs nothing beyond fetch at runtime.
const FHIR_JSON_CONTENT_TYPE = 'application/fhir+json';
const PROBLEM_TYPE_BASE = 'https://vigil.dev/problems/';

export interface VigilClientOptions {
  /** Base URL of the API, e.g. `https://vigil.example.org`. */
  baseUrl: string;
  /** The API key, sent in `x-api-key` (never in the URL). */
  apiKey: string;
  /** Per attempt; default 10 000 ms. */
  timeoutMs?: number;
  /** Retries of a 429 or 503 that says when to retry (`Retry-After`); default 2. */
  maxRetries?: number;
  /** A `Retry-After` longer than this is not waited for: the error is thrown (a monthly quota resets in days). Default 30 000 ms. */
  maxRetryDelayMs?: number;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Sent as `user-agent` where the platform allows it. */
  userAgent?: string;
}

export interface RequestOptions {
  /** Cancels the call (and any wait before a retry). */
  signal?: AbortSignal;
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date. */
function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Typed client of the Vigil public API. Every method resolves to the documented response type or throws a
 * `VigilProblemError` (with the problem's `code`) or a `VigilTransportError` (timeout, network, not the API).
 */
export class VigilClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly maxRetryDelayMs: number;
  private readonly fetchImpl: typeof fetch;

  readonly interactions = {
    /** `POST /v1/interactions/check`: every interacting pair in a medication list. */
    check: (body: CheckInteractionsRequest, options?: RequestOptions) => this.request<CheckInteractionsResponse>('POST', '/v1/interactions/check', body, options),
    /** `POST /v1/interactions/check-batch`: up to 100 lists, one result each; each list counts as one quota call. */
    checkBatch: (body: CheckBatchRequest, options?: RequestOptions) => this.request<CheckBatchResponse>('POST', '/v1/interactions/check-batch', body, options),
  };

  readonly drugs = {
    /** `GET /v1/drugs/search`: autocomplete over generic, brand and other names. */
    search: (q: string, params: { limit?: number } & RequestOptions = {}) => {
      const query = new URLSearchParams({ q, ...(params.limit !== undefined ? { limit: String(params.limit) } : {}) });
      return this.request<DrugSearchResponse>('GET', `/v1/drugs/search?${query.toString()}`, undefined, params);
    },
    /** `GET /v1/drugs/{id}`: what the knowledge base knows about an ingredient. */
    get: (id: string, options?: RequestOptions) => this.request<DrugDetail>('GET', `/v1/drugs/${encodeURIComponent(id)}`, undefined, options),
  };

  readonly kb = {
    /** `GET /v1/kb`: the release that answers, its sizes and its sources. */
    get: (options?: RequestOptions) => this.request<KbDescription>('GET', '/v1/kb', undefined, options),
  };

  readonly cds = {
    /** `POST /cds-services/{id}`: a CDS Hooks call with the key (EHRs that sign JWTs call the service directly). */
    call: (serviceId: string, body: CdsHookRequest, options?: RequestOptions) =>
      this.request<CdsHookResponse>('POST', `/cds-services/${encodeURIComponent(serviceId)}`, body, options),
    /** `POST /cds-services/{id}/feedback`: accepted or overridden cards, with the reason. */
    feedback: (serviceId: string, body: CdsFeedbackRequest, options?: RequestOptions) =>
      this.request<{ stored: number }>('POST', `/cds-services/${encodeURIComponent(serviceId)}/feedback`, body, options),
  };

  readonly fhir = {
    /**
     * `POST /fhir/r4/$check-interactions`: a FHIR R4 Bundle or Parameters of medication resources in, a Bundle of
     * `DetectedIssue`s and an `OperationOutcome` out. An error `OperationOutcome` is thrown as a `VigilProblemError`.
     */
    checkInteractions: (resource: FhirCheckRequest, options?: RequestOptions) =>
      this.request<FhirCheckResponse>('POST', '/fhir/r4/$check-interactions', resource, options, FHIR_JSON_CONTENT_TYPE),
  };

  readonly key = {
    /** `GET /v1/key`: the calling key (never the key itself). */
    describe: (options?: RequestOptions) => this.request<KeyDescription>('GET', '/v1/key', undefined, options),
  };

  constructor(private readonly options: VigilClientOptions) {
    if (!options.baseUrl) throw new TypeError('baseUrl is required');
    if (!options.apiKey) throw new TypeError('apiKey is required');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxRetries = options.maxRetries ?? 2;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
    this.fetchImpl = options.fetch ?? globalThis.fetch;
  }

  private async request<T>(method: 'GET' | 'POST', path: string, body: unknown, options: RequestOptions = {}, mediaType = 'application/json'): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const res = await this.send(method, path, body, options.signal, mediaType);
      const text = await res.text();
      if (res.ok) {
        try {
          return JSON.parse(text) as T;
        } catch (cause) {
          throw new VigilTransportError('invalid_response', `${method} ${path}: ${res.status} with a body that is not JSON`, { cause });
        }
      }
      const error = this.problem(res, text, method, path);
      const wait = error instanceof VigilProblemError ? error.retryAfterSeconds : undefined;
      const retryable = (res.status === 429 || res.status === 503) && wait !== undefined && wait * 1000 <= this.maxRetryDelayMs;
      if (!retryable || attempt >= this.maxRetries) throw error;
      await sleep(wait * 1000, options.signal);
    }
  }

  private async send(method: string, path: string, body: unknown, signal: AbortSignal | undefined, mediaType: string): Promise<Response> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const headers: Record<string, string> = { 'x-api-key': this.options.apiKey, accept: mediaType };
    if (body !== undefined) headers['content-type'] = mediaType;
    if (this.options.userAgent) headers['user-agent'] = this.options.userAgent;
    try {
      return await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      if (timeout.aborted) throw new VigilTransportError('timeout', `${method} ${path}: no answer within ${this.timeoutMs} ms`, { cause });
      throw new VigilTransportError('network', `${method} ${path}: ${(cause as Error).message}`, { cause });
    }
  }

  private problem(res: Response, text: string, method: string, path: string): VigilProblemError | VigilTransportError {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const p = (fromOperationOutcome(parsed, res) ?? parsed) as Partial<ProblemResponse> | undefined;
    // Not a problem document: a proxy's error page, or not a Vigil server.
    if (!p || typeof p.code !== 'string') return new VigilTransportError('invalid_response', `${method} ${path}: ${res.status} without a problem document`, { status: res.status });
    return new VigilProblemError(p as ProblemResponse, retryAfterSeconds(res.headers.get('retry-after')));
  }
}

/** The FHIR API answers errors as an `OperationOutcome` whose first issue codes Vigil's problem: read it as one. */
function fromOperationOutcome(parsed: unknown, res: Response): ProblemResponse | undefined {
  const outcome = parsed as Partial<FhirOperationOutcome> | undefined;
  if (outcome?.resourceType !== 'OperationOutcome') return undefined;
  const issue = outcome.issue?.[0];
  const coding = issue?.details?.coding?.find((c) => c.system === PROBLEM_TYPE_BASE && typeof c.code === 'string');
  if (!coding?.code) return undefined;
  return {
    type: `${PROBLEM_TYPE_BASE}${coding.code.replace(/_/g, '-')}`,
    title: coding.display ?? coding.code,
    status: res.status,
    detail: issue?.details?.text ?? coding.code,
    code: coding.code,
    requestId: res.headers.get('x-request-id') ?? '',
  };
}
