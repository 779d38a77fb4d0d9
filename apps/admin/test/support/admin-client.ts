import { type IncomingHttpHeaders, request } from 'node:http';

export interface HttpResult<T = any> {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body (sent as is, with `contentType`). */
  raw?: string;
  contentType?: string;
  /** Send the CSRF header (default true when the client has a token). */
  csrf?: boolean | string;
  headers?: Record<string, string>;
}

/** A random loopback source address, so every test client is its own "IP" for the login throttle. */
export function randomLoopback(): string {
  const b = () => 1 + Math.floor(Math.random() * 250);
  return `127.${b()}.${b()}.${b()}`;
}

/**
 * A browser-like client of the admin JSON API: keeps cookies (session, CSRF) and sends the CSRF header on
 * state-changing requests, from its own loopback address.
 */
export class AdminClient {
  readonly cookies = new Map<string, string>();
  csrfToken: string | undefined;

  constructor(
    readonly baseUrl: string,
    readonly localAddress = randomLoopback(),
  ) {}

  get sessionCookie(): string | undefined {
    return this.cookies.get('vigil_session');
  }

  async signup(email: string, password: string): Promise<HttpResult> {
    return this.post('/api/auth/signup', { email, password });
  }

  async login(email: string, password: string): Promise<HttpResult> {
    const r = await this.post('/api/auth/login', { email, password });
    if (r.status === 200) this.csrfToken = r.body.csrfToken;
    return r;
  }

  get<T = any>(path: string, o: RequestOptions = {}): Promise<HttpResult<T>> {
    return this.request('GET', path, o);
  }

  post<T = any>(path: string, body?: unknown, o: RequestOptions = {}): Promise<HttpResult<T>> {
    return this.request('POST', path, { ...o, body });
  }

  patch<T = any>(path: string, body?: unknown, o: RequestOptions = {}): Promise<HttpResult<T>> {
    return this.request('PATCH', path, { ...o, body });
  }

  request<T = any>(method: string, path: string, o: RequestOptions = {}): Promise<HttpResult<T>> {
    const url = new URL(path, this.baseUrl);
    const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
    let payload: string | undefined;
    if (o.raw !== undefined) {
      payload = o.raw;
      headers['content-type'] = o.contentType ?? 'application/json';
    } else if (o.body !== undefined) {
      payload = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
    if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
    const csrf = o.csrf === undefined ? this.csrfToken : o.csrf === true ? this.csrfToken : o.csrf || undefined;
    if (csrf && method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = csrf;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    return new Promise((resolve, reject) => {
      const req = request(url, { method, headers, localAddress: this.localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          this.storeCookies(res.headers['set-cookie']);
          const text = Buffer.concat(chunks).toString('utf8');
          let body: any = text;
          if (/json/.test(String(res.headers['content-type'] ?? '')) && text) body = JSON.parse(text);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  private storeCookies(setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = decodeURIComponent(pair.slice(eq + 1));
      const expired = attrs.some((a) => /^max-age=0$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
