import { Injectable } from '@nestjs/common';
import { type AdminOrganisation, effectivePlanId } from '@vigil/contracts';
import { orgActionsOf } from '@vigil/auth';
import { ProblemException } from '@vigil/platform';
import { DataSource } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service';
import { isUuid } from './is-uuid';

interface Row {
  id: string;
  name: string;
  created_at: Date;
  owner_id: string;
  owner_email: string;
  plan: string;
  trial_plan: string | null;
  trial_ends_at: Date | null;
  members: number;
  projects: number;
  keys: number;
}

const FROM = `FROM organisation o
  JOIN organisation_member ow ON ow.organisation_id = o.id AND ow.role = 'owner'
  JOIN account oa ON oa.id = ow.account_id`;

const SELECT = `SELECT o.id, o.name, o.created_at, ow.account_id AS owner_id, oa.email AS owner_email,
       oa.plan, oa.trial_plan, oa.trial_ends_at,
       (SELECT count(*)::int FROM organisation_member x WHERE x.organisation_id = o.id) AS members,
       (SELECT count(*)::int FROM project p WHERE p.organisation_id = o.id) AS projects,
       (SELECT count(*)::int FROM api_key k WHERE k.organisation_id = o.id AND k.status = 'active' AND (k.expires_at IS NULL OR k.expires_at > now())) AS keys
  ${FROM}`;

/**
 * Read side of the internal admin's organisations list and page (search, size, the owner's plan). Changes and the
 * member, policy, project and audit reads go through the organisation services with the admin as actor.
 */
@Injectable()
export class AdminOrganisationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
  ) {}

  async list(q: string | undefined, limit: number, offset: number): Promise<{ organisations: AdminOrganisation[]; total: number; limit: number; offset: number }> {
    const term = q?.trim();
    const params: unknown[] = [];
    // A deleted organisation leaves every list (its audit chain stays verifiable by id).
    let where = 'WHERE o.deleted_at IS NULL';
    if (term) {
      params.push(`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where += ' AND (o.name ILIKE $1 OR oa.email ILIKE $1';
      if (isUuid(term)) where += ` OR o.id = $${params.push(term)}::uuid`;
      where += ')';
    }
    const [{ total }]: { total: number }[] = await this.dataSource.query(`SELECT count(*)::int AS total ${FROM} ${where}`, params);
    const rows: Row[] = await this.dataSource.query(`${SELECT} ${where} ORDER BY o.created_at DESC, o.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
      ...params,
      limit,
      offset,
    ]);
    return { organisations: rows.map((r) => this.view(r)), total, limit, offset };
  }

  async get(organisationId: string): Promise<AdminOrganisation> {
    const rows: Row[] = isUuid(organisationId) ? await this.dataSource.query(`${SELECT} WHERE o.id = $1 AND o.deleted_at IS NULL`, [organisationId]) : [];
    if (!rows[0]) throw new ProblemException('NotFound', { detail: 'Organisation not found.' });
    return this.view(rows[0]);
  }

  private view(r: Row): AdminOrganisation {
    const plan = this.accounts.plan(effectivePlanId({ plan: r.plan, trialPlan: r.trial_plan, trialEndsAt: r.trial_ends_at }));
    return {
      id: r.id,
      name: r.name,
      role: 'owner',
      actions: orgActionsOf('owner'),
      memberCount: r.members,
      owner: { accountId: r.owner_id, email: r.owner_email },
      createdAt: new Date(r.created_at).toISOString(),
      projectCount: r.projects,
      keyCount: r.keys,
      plan: { id: plan.id, name: plan.name },
    };
  }
}
