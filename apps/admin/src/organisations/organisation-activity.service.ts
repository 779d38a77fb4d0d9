import { Injectable } from '@nestjs/common';
import type { AuditChainVerificationView, AuditEventView, OrgAuditQuery, OrgUsageQuery, OrgUsageResponse } from '@vigil/contracts';
import { ApiKeyRepository, AuditChainRepository, DEPLOYMENT_AUDIT_CHAIN, ProjectEntity, organisationAuditChain } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { DataSource } from 'typeorm';
import type { Actor } from '../common/actor';
import { OrganisationAccessService } from './organisation-access.service';

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * What members read about their organisation's activity: usage per day and per project, and the audit log of the
 * organisation (its keys, members, invitations, projects, policy), both filterable by project.
 */
@Injectable()
export class OrganisationActivityService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganisationAccessService,
  ) {}

  async usage(organisationId: string, q: OrgUsageQuery, actor: Actor, now = new Date()): Promise<OrgUsageResponse> {
    await this.access.require(this.dataSource.manager, organisationId, actor, 'usage.read');
    const projects = await this.projects(organisationId, q.projectId);
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const dates = Array.from({ length: q.days }, (_, i) => isoDay(today - (q.days - 1 - i) * DAY_MS));
    const repo = new ApiKeyRepository(this.dataSource);
    const from = dates[0];
    const to = dates[dates.length - 1];
    const [rows, tags] = await Promise.all([repo.organisationUsage(organisationId, from, to, q.projectId), repo.organisationTagUsage(organisationId, from, to, q.projectId)]);
    const zero = (day: string) => ({ day, allowed: 0, rateLimited: 0, denied: 0 });
    const byDay = new Map(dates.map((d) => [d, zero(d)]));
    const byProject = new Map(
      projects.map((p) => [p.id, { projectId: p.id, name: p.name, allowed: 0, rateLimited: 0, denied: 0, daily: new Map(dates.map((d) => [d, zero(d)])) }]),
    );
    for (const r of rows) {
      const project = byProject.get(r.projectId);
      for (const target of [byDay.get(r.day), project, project?.daily.get(r.day)]) {
        if (!target) continue;
        target.allowed += r.allowed;
        target.rateLimited += r.rateLimited;
        target.denied += r.denied;
      }
    }
    const days = [...byDay.values()];
    const allowed = days.reduce((n, d) => n + d.allowed, 0);
    return {
      from,
      to,
      projectId: q.projectId ?? null,
      days,
      projects: [...byProject.values()].map((p) => ({ ...p, daily: [...p.daily.values()] })),
      tags,
      untaggedAllowed: Math.max(0, allowed - tags.reduce((n, t) => n + t.allowed, 0)),
    };
  }

  /**
   * The organisation's audit events, newest first. They come from the organisation's own chain (`org:<id>`) and, for
   * the history written before organisations had chains, from the `deployment` chain, found there by target as before:
   * events on its keys (of one project with `projectId`), and, without a project, on the organisation itself, its
   * members, invitations and projects; with one, on that project. With `projectId` the same target filter narrows the
   * organisation's chain.
   */
  async audit(organisationId: string, q: OrgAuditQuery, actor: Actor): Promise<{ events: AuditEventView[]; total: number; limit: number; offset: number }> {
    await this.access.require(this.dataSource.manager, organisationId, actor, 'audit.read');
    if (q.projectId) await this.projects(organisationId, q.projectId);
    const where = `FROM audit_event e
      WHERE (e.chain = $3 AND $2::uuid IS NULL)
         OR (e.chain IN ($3, '${DEPLOYMENT_AUDIT_CHAIN}') AND (
              (e.target_type = 'api_key' AND e.target_id IN (SELECT id::text FROM api_key WHERE organisation_id = $1 AND ($2::uuid IS NULL OR project_id = $2::uuid)))
           OR (e.target_type = 'project' AND e.target_id IN (SELECT id::text FROM project WHERE organisation_id = $1 AND ($2::uuid IS NULL OR id = $2::uuid)))
           OR ($2::uuid IS NULL AND (
                (e.target_type = 'organisation' AND e.target_id = $1::text)
             OR (e.target_type = 'organisation_member' AND e.target_id LIKE $1::text || '/%')
             OR (e.target_type = 'organisation_invitation' AND e.target_id IN (SELECT id::text FROM organisation_invitation WHERE organisation_id = $1))))))`;
    const params = [organisationId, q.projectId ?? null, organisationAuditChain(organisationId)];
    const [{ total }]: { total: number }[] = await this.dataSource.query(`SELECT count(*)::int AS total ${where}`, params);
    const rows: {
      id: string;
      created_at: Date;
      actor_type: string;
      actor_id: string | null;
      actor_label: string | null;
      action: string;
      target_type: string;
      target_id: string | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      request_id: string | null;
      ip: string | null;
    }[] = await this.dataSource.query(
      `SELECT e.id, e.created_at, e.actor_type, e.actor_id, e.actor_label, e.action, e.target_type, e.target_id, e.before, e.after, e.request_id, e.ip
         ${where} ORDER BY e.created_at DESC, e.id DESC LIMIT $4 OFFSET $5`,
      [...params, q.limit, q.offset],
    );
    return {
      events: rows.map((e) => ({
        id: String(e.id),
        createdAt: new Date(e.created_at).toISOString(),
        actor: { type: e.actor_type, id: e.actor_id, label: e.actor_label },
        action: e.action,
        target: { type: e.target_type, id: e.target_id },
        before: e.before,
        after: e.after,
        requestId: e.request_id,
        ip: e.ip,
      })),
      total,
      limit: q.limit,
      offset: q.offset,
    };
  }

  /**
   * Checks the organisation's audit chain from its first event (owners and admins): intact with its head, or where it
   * breaks. Events written before the organisation had a chain sit in `deployment` (`./vigil audit verify` checks it).
   */
  async verifyAudit(organisationId: string, actor: Actor): Promise<AuditChainVerificationView> {
    await this.access.require(this.dataSource.manager, organisationId, actor, 'audit.verify');
    return new AuditChainRepository(this.dataSource).verify(organisationAuditChain(organisationId));
  }

  private async projects(organisationId: string, projectId?: string): Promise<ProjectEntity[]> {
    const projects = await this.dataSource.manager.find(ProjectEntity, {
      where: { organisationId, ...(projectId ? { id: projectId } : {}) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    if (projectId && !projects.length) throw new ProblemException('NotFound', { detail: 'Project not found.' });
    return projects;
  }
}
