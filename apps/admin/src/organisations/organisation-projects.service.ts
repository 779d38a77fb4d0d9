import { Injectable } from '@nestjs/common';
import { type PlanDefinition, type ProjectRequest, type ProjectResponse, type UpdateProjectRequest, effectivePlanId } from '@vigil/contracts';
import { ProjectEntity } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../common/actor';
import { KeyEventsPublisher } from '../keys/key-events.publisher';
import { withinPlan } from '../keys/key-rate-limit.policy';
import { KeysService } from '../keys/keys.service';
import { OrganisationAccessService } from './organisation-access.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Projects of an organisation: every member reads them; owners and admins create, rename, cap and delete them. A
 * project's caps (a rate limit over all its keys, a monthly quota) may only be at or below the owner's plan; a change
 * reaches every API instance within a second (an organisation key event). A project with keys cannot be deleted.
 */
@Injectable()
export class OrganisationProjectsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganisationAccessService,
    private readonly audit: AuditService,
    private readonly events: KeyEventsPublisher,
    private readonly keys: KeysService,
    private readonly accounts: AccountsService,
  ) {}

  async list(organisationId: string, actor: Actor): Promise<ProjectResponse[]> {
    await this.access.require(this.dataSource.manager, organisationId, actor, 'projects.read');
    const projects = await this.dataSource.manager.find(ProjectEntity, { where: { organisationId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return Promise.all(projects.map((p) => this.view(this.dataSource.manager, p)));
  }

  async create(organisationId: string, dto: ProjectRequest, actor: Actor): Promise<ProjectResponse> {
    return this.change(async (m) => {
      await this.access.require(m, organisationId, actor, 'projects.manage', true);
      await this.checkCaps(m, organisationId, dto);
      const project = m.create(ProjectEntity, {
        organisationId,
        name: dto.name.trim(),
        rateLimit: dto.rateLimit?.limit ?? null,
        rateWindowSeconds: dto.rateLimit?.windowSeconds ?? null,
        monthlyQuota: dto.monthlyQuota ?? null,
      });
      await this.save(m, project);
      await this.audit.record(m, actor, {
        organisationId,
        action: 'project.create',
        targetType: 'project',
        targetId: project.id,
        after: { organisationId, ...this.fields(project) },
      });
      return { project, announce: false };
    });
  }

  async update(organisationId: string, projectId: string, dto: UpdateProjectRequest, actor: Actor): Promise<ProjectResponse> {
    return this.change(async (m) => {
      await this.access.require(m, organisationId, actor, 'projects.manage', true);
      const project = await this.find(m, organisationId, projectId, true);
      const before = this.fields(project);
      await this.checkCaps(m, organisationId, dto);
      if (dto.name !== undefined) project.name = dto.name.trim();
      if (dto.rateLimit !== undefined) {
        project.rateLimit = dto.rateLimit?.limit ?? null;
        project.rateWindowSeconds = dto.rateLimit?.windowSeconds ?? null;
      }
      if (dto.monthlyQuota !== undefined) project.monthlyQuota = dto.monthlyQuota;
      await this.save(m, project);
      await this.audit.record(m, actor, {
        organisationId,
        action: 'project.update',
        targetType: 'project',
        targetId: project.id,
        before,
        after: { organisationId, ...this.fields(project) },
      });
      return { project, announce: dto.rateLimit !== undefined || dto.monthlyQuota !== undefined };
    });
  }

  async remove(organisationId: string, projectId: string, actor: Actor): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await this.access.require(m, organisationId, actor, 'projects.manage', true);
      const project = await this.find(m, organisationId, projectId, true);
      const [{ keys }]: { keys: number }[] = await m.query(`SELECT count(*)::int AS keys FROM api_key WHERE project_id = $1`, [project.id]);
      if (keys > 0)
        throw new ProblemException('Conflict', { detail: `The project ${project.name} has ${keys} key(s), revoked ones included; a project with keys cannot be deleted.` });
      await m.delete(ProjectEntity, { id: project.id });
      await this.audit.record(m, actor, {
        organisationId,
        action: 'project.delete',
        targetType: 'project',
        targetId: project.id,
        before: { organisationId, ...this.fields(project) },
      });
    });
  }

  private async change(fn: (m: EntityManager) => Promise<{ project: ProjectEntity; announce: boolean }>): Promise<ProjectResponse> {
    let wait: (() => Promise<void>) | undefined;
    const view = await this.dataSource.transaction(async (m) => {
      const { project, announce } = await fn(m);
      if (announce) wait = await this.events.publish(m, { type: 'organisation', organisationId: project.organisationId });
      return this.view(m, project);
    });
    await wait?.();
    return view;
  }

  private async save(m: EntityManager, project: ProjectEntity): Promise<void> {
    try {
      await m.save(project);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new ProblemException('Conflict', { detail: `The organisation already has a project named ${project.name}.` });
      throw error;
    }
  }

  /** A project's caps may only be at or below the owner's plan (rate and burst, monthly calls). */
  private async checkCaps(m: EntityManager, organisationId: string, dto: UpdateProjectRequest): Promise<void> {
    if (!dto.rateLimit && (dto.monthlyQuota === undefined || dto.monthlyQuota === null)) return;
    const plan: PlanDefinition = this.accounts.plan(effectivePlanId(await this.keys.ownerOf(m, organisationId)));
    const errors = [];
    if (dto.rateLimit && !withinPlan(dto.rateLimit, plan.rateLimit)) {
      errors.push({ pointer: '/rateLimit', code: 'above_plan', message: `must not exceed ${plan.rateLimit.limit} per ${plan.rateLimit.windowSeconds} s in rate or burst` });
    }
    if (dto.monthlyQuota !== undefined && dto.monthlyQuota !== null && dto.monthlyQuota > plan.monthlyQuota) {
      errors.push({ pointer: '/monthlyQuota', code: 'above_plan', message: `must not exceed the plan's ${plan.monthlyQuota} calls a month` });
    }
    if (errors.length) {
      throw new ProblemException('ProjectCapAbovePlan', {
        detail: `A project's caps can only be below the ${plan.name} plan: ${errors.map((e) => e.message).join('; ')}.`,
        errors,
      });
    }
  }

  private async find(m: EntityManager, organisationId: string, projectId: string, lock = false): Promise<ProjectEntity> {
    const project = UUID.test(projectId)
      ? await m.findOne(ProjectEntity, { where: { id: projectId, organisationId }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
      : null;
    if (!project) throw new ProblemException('NotFound', { detail: 'Project not found.' });
    return project;
  }

  private fields(p: ProjectEntity): Record<string, unknown> {
    return { name: p.name, rateLimit: p.rateLimit ? { limit: p.rateLimit, windowSeconds: p.rateWindowSeconds } : null, monthlyQuota: p.monthlyQuota };
  }

  private async view(m: EntityManager, p: ProjectEntity): Promise<ProjectResponse> {
    const [{ n }]: { n: number }[] = await m.query(`SELECT count(*)::int AS n FROM api_key WHERE project_id = $1 AND status = 'active'`, [p.id]);
    return {
      id: p.id,
      name: p.name,
      rateLimit: p.rateLimit && p.rateWindowSeconds ? { limit: p.rateLimit, windowSeconds: p.rateWindowSeconds } : null,
      monthlyQuota: p.monthlyQuota,
      activeKeys: n,
      createdAt: p.createdAt.toISOString(),
    };
  }
}
