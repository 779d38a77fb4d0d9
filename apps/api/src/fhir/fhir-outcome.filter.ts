import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import { FHIR_JSON_CONTENT_TYPE, PROBLEM_TYPE_BASE } from '@vigil/contracts';
import { describeProblem } from '@vigil/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** FHIR IssueType per HTTP status of a refusal. */
const ISSUE_TYPE: Record<number, OperationOutcomeIssue['code']> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  412: 'required',
  413: 'too-long',
  415: 'not-supported',
  422: 'invalid',
  429: 'throttled',
  503: 'transient',
};

/**
 * Errors of the FHIR API are `OperationOutcome`s (`application/fhir+json`), not problem+json: the same status, headers
 * (`WWW-Authenticate`, `Retry-After`, rate limits) and stable code, the code as a coding of `https://vigil.dev/problems/`,
 * and one issue per invalid field with its FHIRPath. Refusals raised before routing (unknown media type, body too
 * large, malformed JSON) stay problem+json: they cannot know the route.
 */
@Catch()
export class FhirOutcomeFilter implements ExceptionFilter {
  private readonly logger = new Logger('FhirOutcomeFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const { body: problem, headers } = describeProblem(exception, req, this.logger);
    const code = ISSUE_TYPE[problem.status] ?? (problem.status >= 500 ? 'exception' : 'processing');
    const severity = problem.status >= 500 ? 'fatal' : 'error';
    const root = rootType(req.body);
    const issues: OperationOutcomeIssue[] = [
      {
        severity,
        code,
        details: { coding: [{ system: PROBLEM_TYPE_BASE, code: problem.code, display: problem.title }], text: problem.detail },
        diagnostics: `request id ${problem.requestId}`,
      },
    ];
    for (const e of problem.errors ?? []) {
      issues.push({ severity: 'error', code: e.code === 'unknown_field' ? 'structure' : 'invalid', diagnostics: e.message, expression: [fhirPath(root, e.pointer)] });
    }
    const outcome: OperationOutcome = { resourceType: 'OperationOutcome', issue: issues };
    http
      .getResponse<FastifyReply>()
      .status(problem.status)
      .headers({ ...headers, 'content-type': `${FHIR_JSON_CONTENT_TYPE}; charset=utf-8`, 'x-request-id': problem.requestId })
      .send(outcome);
  }
}

function rootType(body: unknown): string {
  const type = body && typeof body === 'object' ? (body as { resourceType?: unknown }).resourceType : undefined;
  return typeof type === 'string' && /^[A-Z][A-Za-z]{0,63}$/.test(type) ? type : 'Resource';
}

/** A JSON pointer of the request as FHIRPath: `/entry/3/resource` → `Bundle.entry[3].resource`. */
export function fhirPath(root: string, pointer: string): string {
  let path = root;
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(part) ? `[${part}]` : `.${part}`;
  }
  return path;
}
