// The admin JSON API, as the dashboard calls it: same-origin fetch with the session cookie, the CSRF token
// header on state-changing requests, problem+json errors turned into ApiError.

const CSRF_COOKIE = 'vigil_csrf';
let csrfFromLogin = null;

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem?.detail || problem?.title || `HTTP ${status}`);
    this.status = status;
    this.code = problem?.code || 'http_error';
    this.problem = problem || null;
    this.errors = Array.isArray(problem?.errors) ? problem.errors : [];
    this.requestId = problem?.requestId || null;
  }
}

/** Listeners for "the session is gone" (401 unauthenticated, 403 account_suspended). */
const sessionListeners = new Set();
export const onSessionLost = (fn) => sessionListeners.add(fn);

function csrfToken() {
  const m = document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  return m ? decodeURIComponent(m.slice(CSRF_COOKIE.length + 1)) : csrfFromLogin;
}

export function rememberCsrf(token) {
  csrfFromLogin = token || null;
}

export async function api(method, path, body) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const t = csrfToken();
    if (t) headers['x-csrf-token'] = t;
  }
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new ApiError(0, { code: 'network_error', detail: 'The dashboard server did not answer. Check your connection and try again.' });
  }
  if (res.status === 204) return null;
  const isJson = /json/.test(res.headers.get('content-type') || '');
  const data = isJson ? await res.json().catch(() => null) : null;
  if (!res.ok) {
    const err = new ApiError(res.status, data);
    const publicAuthCall = path.startsWith('/api/auth/login') || path.startsWith('/api/auth/signup');
    if (!publicAuthCall && (err.code === 'unauthenticated' || err.code === 'account_suspended')) for (const fn of sessionListeners) fn(err);
    throw err;
  }
  return data;
}

export const get = (path) => api('GET', path);
export const post = (path, body) => api('POST', path, body);
export const patch = (path, body) => api('PATCH', path, body);
export const put = (path, body) => api('PUT', path, body);
export const del = (path, body) => api('DELETE', path, body);

/** Builds a query string from the defined, non-empty values. */
export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
