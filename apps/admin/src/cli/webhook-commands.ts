import { WebhookRepository } from '@vigil/db';
import type { DataSource } from 'typeorm';
import { webhookAttemptView } from '../webhooks/webhook-attempt.view';
import { CliUsageError } from './cli-usage.error';
import type { CliOutput } from './kb-commands';
import type { ParsedArgs } from './parse-args';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `webhooks list [--org ORG | --account EMAIL]`: the endpoints of every live organisation, of one (`--org`, an
 * organisation id as the `orgs` commands take it) or of the organisations an account owns (`--account`); never a secret.
 */
export async function webhooksList(ds: DataSource, args: ParsedArgs): Promise<CliOutput> {
  const email = args.flags.account;
  const org = args.flags.org;
  if (email === true) throw new CliUsageError('--account needs an email address');
  if (org !== undefined && email !== undefined) throw new CliUsageError('give --org or --account, not both');
  const filter: { organisationId?: string; ownerAccountId?: string } = {};
  if (org !== undefined) {
    if (typeof org !== 'string' || !UUID.test(org)) throw new CliUsageError('--org must be an organisation id (see orgs list)');
    const rows: unknown[] = await ds.query(`SELECT 1 FROM organisation WHERE id = $1 AND deleted_at IS NULL`, [org]);
    if (!rows[0]) throw new CliUsageError(`no organisation ${org}`);
    filter.organisationId = org;
  }
  if (typeof email === 'string') {
    const rows: { id: string }[] = await ds.query(`SELECT id FROM account WHERE lower(email) = lower($1)`, [email]);
    if (!rows[0]) throw new CliUsageError(`no account ${email}`);
    filter.ownerAccountId = rows[0].id;
  }
  const endpoints = (await new WebhookRepository(ds).listAll(filter)).map((e) => ({
    id: e.id,
    organisationId: e.organisationId,
    organisation: e.organisationName,
    account: e.ownerEmail,
    url: e.url,
    description: e.description,
    eventTypes: e.eventTypes,
    enabled: e.enabled,
    secretRotatingUntil: e.previousSecretExpiresAt && e.previousSecretExpiresAt > new Date() ? e.previousSecretExpiresAt.toISOString() : null,
    createdAt: e.createdAt.toISOString(),
  }));
  return {
    human: endpoints.length
      ? endpoints.map((e) => `${e.id}  ${e.enabled ? 'enabled ' : 'disabled'}  ${e.organisation} (${e.account})  ${e.url}  [${e.eventTypes.join(', ')}]`).join('\n')
      : '(no webhook endpoints)',
    json: { endpoints },
  };
}

/** `webhooks deliveries ID [--limit N]`: the endpoint's attempts (event, type, attempt, status, duration, error, next retry). */
export async function webhooksDeliveries(ds: DataSource, args: ParsedArgs): Promise<CliOutput> {
  const id = args.positional[0];
  if (!id || !UUID.test(id)) throw new CliUsageError('usage: webhooks deliveries ID (an endpoint id from `webhooks list`)');
  const rawLimit = args.flags.limit ?? '50';
  const limit = typeof rawLimit === 'string' && /^\d{1,3}$/.test(rawLimit) ? Number(rawLimit) : NaN;
  if (!(limit >= 1 && limit <= 500)) throw new CliUsageError('--limit must be a whole number from 1 to 500');
  const repo = new WebhookRepository(ds);
  if (!(await repo.findEndpoint(id, null))) throw new CliUsageError(`no webhook endpoint ${id}`);
  const attempts = (await repo.listAttempts(id, limit, null)).map(webhookAttemptView);
  return {
    human: attempts.length
      ? attempts
          .map(
            (a) =>
              `${a.attemptedAt}  ${a.eventId}  ${a.eventType.padEnd(20)}  #${a.attempt}  ${String(a.statusCode ?? '---')}  ${a.durationMs} ms  ${a.deliveryStatus}${a.error ? `  ${a.error}` : ''}${a.nextRetryAt ? `  next ${a.nextRetryAt}` : ''}`,
          )
          .join('\n')
      : '(no deliveries yet)',
    json: { attempts },
  };
}
