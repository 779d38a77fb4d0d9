import { WebhookRepository } from '@vigil/db';
import type { DataSource } from 'typeorm';
import { webhookAttemptView } from '../webhooks/webhook-attempt.view';
import { CliUsageError } from './cli-usage.error';
import type { CliOutput } from './kb-commands';
import type { ParsedArgs } from './parse-args';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `webhooks list [--account EMAIL]`: every account's endpoints, or one account's; never a secret. */
export async function webhooksList(ds: DataSource, args: ParsedArgs): Promise<CliOutput> {
  const email = args.flags.account;
  if (email === true) throw new CliUsageError('--account needs an email address');
  let accountId: string | null = null;
  if (typeof email === 'string') {
    const rows: { id: string }[] = await ds.query(`SELECT id FROM account WHERE lower(email) = lower($1)`, [email]);
    if (!rows[0]) throw new CliUsageError(`no account ${email}`);
    accountId = rows[0].id;
  }
  const endpoints = (await new WebhookRepository(ds).listAll(accountId)).map((e) => ({
    id: e.id,
    account: e.email,
    url: e.url,
    description: e.description,
    eventTypes: e.eventTypes,
    enabled: e.enabled,
    secretRotatingUntil: e.previousSecretExpiresAt && e.previousSecretExpiresAt > new Date() ? e.previousSecretExpiresAt.toISOString() : null,
    createdAt: e.createdAt.toISOString(),
  }));
  return {
    human: endpoints.length
      ? endpoints.map((e) => `${e.id}  ${e.enabled ? 'enabled ' : 'disabled'}  ${e.account}  ${e.url}  [${e.eventTypes.join(', ')}]`).join('\n')
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
