import type { IncomingHttpHeaders } from 'node:http';

/** Request headers a log line may carry. Everything else (keys under any name, cookies, tokens) is left out. */
export const LOGGED_HEADERS: readonly string[] = [
  'host',
  'user-agent',
  'content-type',
  'content-length',
  'accept',
  'origin',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-proto',
];

/** Anything shaped like a Vigil API key (any deployment prefix): `<prefix>_<36 base62>`. */
const KEY_SHAPE = /\b([a-z][a-z0-9]{1,15})_[0-9A-Za-z]{36}(?![0-9A-Za-z])/g;
/** Query parameters whose value is never logged. */
const SECRET_PARAM = /(?:key|token|secret|password|passwd|pwd|auth|session|signature|sig|code)/i;

/** The allow-listed headers of a request (others are dropped, not masked: their names can be secrets too). */
export function loggedHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name of LOGGED_HEADERS) {
    const v = headers[name];
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/** A URL fit for a log line: the values of secret-looking query parameters are replaced. */
export function loggedUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        /* keep it raw */
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/** The last line of defence, applied to every finished log line: anything shaped like a key is masked. */
export function maskKeys(line: string): string {
  return line.includes('_') ? line.replace(KEY_SHAPE, '$1_[redacted]') : line;
}
