import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import {
  visibleWorkflowsSql,
  type WorkflowReaderIdentity,
} from '../access/workflow-visibility.sql';
import type { Schedule } from '../schedules/schedule';
import { Workflow, type WorkflowStatus } from './entities/workflow.entity';
import type { WorkflowRef } from './workflow-ref';

/** Every column, named as the entity's properties, for raw statements that return workflows. */
const WORKFLOW_COLUMNS = `w.id, w.company_id AS "companyId", w.number, w.name, w.status, w.visibility,
  w.team_id AS "teamId", w.owner_id AS "ownerId", w.inputs, w.definition,
  w.definition_version AS "definitionVersion", w.output_page AS "outputPage", w.schedule,
  w.created_at AS "createdAt", w.updated_at AS "updatedAt"`;

export type NewWorkflow = Omit<Workflow, 'id' | 'createdAt' | 'updatedAt' | 'definitionVersion'>;

export type WorkflowChanges = Partial<Pick<Workflow, 'name' | 'status' | 'schedule'>>;

/** `workflows.workflows`. */
@Injectable()
export class WorkflowRepository {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(Workflow) private readonly workflows: Repository<Workflow>,
  ) {}

  /** The workflow if the reader can see it; with `lock`, locked for the caller's transaction. */
  async findVisible(
    manager: EntityManager,
    reader: WorkflowReaderIdentity,
    ref: WorkflowRef,
    lock = false,
    deleted = false,
  ): Promise<Workflow | null> {
    const params: unknown[] = [ref.kind === 'id' ? ref.id : ref.number];
    const key = ref.kind === 'id' ? 'w.id = $1::uuid' : 'w.number = $1::int';
    const visible = visibleWorkflowsSql('w', reader, params, { deleted });
    const [row]: Workflow[] = await manager.query(
      `SELECT ${WORKFLOW_COLUMNS} FROM workflows.workflows w
        WHERE ${key} AND ${visible} ${lock ? 'FOR UPDATE OF w' : ''}`,
      params,
    );
    return row ?? null;
  }

  /** Visible workflows whose name is exactly `name` (case-insensitive), lowest number first. */
  async findVisibleByName(reader: WorkflowReaderIdentity, name: string): Promise<Workflow[]> {
    const params: unknown[] = [name];
    const visible = visibleWorkflowsSql('w', reader, params);
    return this.dataSource.query(
      `SELECT ${WORKFLOW_COLUMNS} FROM workflows.workflows w
        WHERE lower(w.name) = lower($1) AND ${visible} ORDER BY w.number LIMIT 10`,
      params,
    );
  }

  /** One page of the visible workflows, by display number, and how many there are in all. */
  async listVisible(
    reader: WorkflowReaderIdentity,
    filter: { status?: WorkflowStatus },
    page: { limit: number; offset: number },
  ): Promise<{ workflows: Workflow[]; total: number }> {
    const params: unknown[] = [];
    const visible = visibleWorkflowsSql('w', reader, params);
    let where = visible;
    if (filter.status) {
      params.push(filter.status);
      where += ` AND w.status = $${params.length}`;
    }
    const filterParams = [...params];
    params.push(page.limit, page.offset);
    const rows: (Workflow & { total: number })[] = await this.dataSource.query(
      `SELECT ${WORKFLOW_COLUMNS}, count(*) OVER ()::int AS total FROM workflows.workflows w
        WHERE ${where} ORDER BY w.number LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const workflows = rows.map(({ total: _total, ...workflow }) => workflow);
    if (rows.length > 0 || page.offset === 0) return { workflows, total: rows[0]?.total ?? 0 };
    // A page past the end has no row to carry the count.
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM workflows.workflows w WHERE ${where}`,
      filterParams,
    );
    return { workflows, total };
  }

  insert(manager: EntityManager, workflow: NewWorkflow): Promise<Workflow> {
    const repository = manager.getRepository(Workflow);
    return repository.save(repository.create(workflow));
  }

  async update(manager: EntityManager, id: string, changes: WorkflowChanges): Promise<void> {
    await manager.getRepository(Workflow).update({ id }, changes);
  }

  /** By id, whatever its visibility: for the scheduler and the run executor, which act for its owner. */
  findById(id: string): Promise<Workflow | null> {
    return this.workflows.findOneBy({ id });
  }

  /** What decides these workflows' job schedulers now (missing ids are gone). */
  findSchedulesOf(ids: readonly string[]): Promise<WorkflowScheduleState[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      'SELECT id, status, schedule FROM workflows.workflows WHERE id = ANY($1::uuid[])',
      [ids],
    );
  }

  /**
   * Active workflows with a schedule, unchanged for `settledSeconds`, in id order after `afterId`:
   * a page of the schedules' truth that no change in flight is still writing to Redis.
   */
  findSettledScheduled(
    afterId: string | null,
    limit: number,
    settledSeconds: number,
  ): Promise<ScheduledWorkflow[]> {
    return this.dataSource.query(
      `SELECT id, schedule FROM workflows.workflows
        WHERE status = 'active' AND schedule IS NOT NULL
          AND updated_at < now() - make_interval(secs => $3)
          AND ($1::uuid IS NULL OR id > $1::uuid)
        ORDER BY id LIMIT $2`,
      [afterId, limit, settledSeconds],
    );
  }

  /**
   * Which of these workflows still need their scheduler: active with a schedule, or changed
   * within `settledSeconds` (the change's own scheduler call may still be under way).
   */
  async filterScheduledOrUnsettled(
    ids: readonly string[],
    settledSeconds: number,
  ): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM workflows.workflows
        WHERE id = ANY($1::uuid[])
          AND ((status = 'active' AND schedule IS NOT NULL)
               OR updated_at >= now() - make_interval(secs => $2))`,
      [ids, settledSeconds],
    );
    return new Set(rows.map((row) => row.id));
  }
}

export type ScheduledWorkflow = Pick<Workflow, 'id'> & { schedule: Schedule };

export type WorkflowScheduleState = Pick<Workflow, 'id' | 'status' | 'schedule'>;
