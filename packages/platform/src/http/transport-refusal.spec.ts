import { clientErrorResponse } from './transport-refusal';

describe('clientErrorResponse', () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'headers_too_large'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'request_timeout'],
    ['ERR_HTTP_HEADERS_TIMEOUT', 408, 'request_timeout'],
    ['HPE_INVALID_METHOD', 400, 'malformed_request'],
    ['HPE_INVALID_URL', 400, 'malformed_request'],
    [undefined, 400, 'malformed_request'],
  ])('%s → %i %s as problem+json with a request id, connection closed', (code, status, expected) => {
    const r = clientErrorResponse(code);
    expect(r.status).toBe(status);
    expect(r.head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(r.head).toMatch(/\r\ncontent-type: application\/problem\+json; charset=utf-8\r\n/);
    expect(r.head).toMatch(/\r\nconnection: close\r\n\r\n$/);
    const body = JSON.parse(r.body);
    expect(body).toMatchObject({ status, code: expected });
    expect(r.head).toContain(`x-request-id: ${body.requestId}\r\n`);
    expect(r.head).toContain(`content-length: ${Buffer.byteLength(r.body)}\r\n`);
  });
});
