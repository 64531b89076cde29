import { Injectable } from '@nestjs/common';
import { all, camelColumns, first, run, type StatementRunner } from '@cw/db';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import {
  visibleWorkflowsSql,
  type WorkflowReaderIdentity,
} from '../access/workflow-visibility.sql';
import type { Schedule } from '../schedules/schedule';
import {
  type Workflow,
  WORKFLOW_COLUMNS,
  workflowsDb,
  type WorkflowStatus,
} from '../workflows-schema';
import type { WorkflowRef } from './workflow-ref';

export type NewWorkflow = Omit<Workflow, 'id' | 'createdAt' | 'updatedAt' | 'definitionVersion'>;

export type WorkflowChanges = Partial<Pick<Workflow, 'name' | 'status' | 'schedule'>>;

export type ScheduledWorkflow = Pick<Workflow, 'id'> & { schedule: Schedule };

export type WorkflowScheduleState = Pick<Workflow, 'id' | 'status' | 'schedule'>;

const json = (value: unknown): string => JSON.stringify(value);

const visibleWorkflows = (reader: WorkflowReaderIdentity, deleted = false) =>
  workflowsDb
    .selectFrom('workflows.workflows as w')
    .where(visibleWorkflowsSql('w', reader, { deleted }));

const workflowColumns = camelColumns(WORKFLOW_COLUMNS.map((column) => `w.${column}` as const));

export const workflowStatements = {
  findVisible: (
    reader: WorkflowReaderIdentity,
    ref: WorkflowRef,
    lock: boolean,
    deleted: boolean,
  ) =>
    visibleWorkflows(reader, deleted)
      .select(workflowColumns)
      .where(
        ref.kind === 'id'
          ? sql<boolean>`w.id = ${ref.id}::uuid`
          : sql<boolean>`w.number = ${ref.number}::int`,
      )
      .$if(lock, (query) => query.forUpdate('w'))
      .$castTo<Workflow>(),

  findVisibleByName: (reader: WorkflowReaderIdentity, name: string) =>
    visibleWorkflows(reader)
      .select(workflowColumns)
      .where(sql<boolean>`lower(w.name) = lower(${name})`)
      .orderBy('w.number')
      .limit(10)
      .$castTo<Workflow>(),

  /** A page, each row with the count of all (`count(*) OVER ()`). */
  listVisible: (
    reader: WorkflowReaderIdentity,
    filter: { status?: WorkflowStatus },
    page: { limit: number; offset: number },
  ) =>
    visibleWorkflows(reader)
      .select(workflowColumns)
      .select(sql<number>`count(*) OVER ()::int`.as('total'))
      .$if(filter.status !== undefined, (query) => query.where('w.status', '=', filter.status!))
      .orderBy('w.number')
      .limit(page.limit)
      .offset(page.offset)
      .$castTo<Workflow & { total: number }>(),

  countVisible: (reader: WorkflowReaderIdentity, filter: { status?: WorkflowStatus }) =>
    visibleWorkflows(reader)
      .select(sql<number>`count(*)::int`.as('total'))
      .$if(filter.status !== undefined, (query) => query.where('w.status', '=', filter.status!)),

  insert: (workflow: NewWorkflow) =>
    workflowsDb
      .insertInto('workflows.workflows')
      .values({
        company_id: workflow.companyId,
        number: workflow.number,
        name: workflow.name,
        status: workflow.status,
        visibility: workflow.visibility,
        team_id: workflow.teamId,
        owner_id: workflow.ownerId,
        inputs: json(workflow.inputs),
        definition: json(workflow.definition),
        output_page: workflow.outputPage === null ? null : json(workflow.outputPage),
        schedule: workflow.schedule === null ? null : json(workflow.schedule),
      })
      .returning(camelColumns(WORKFLOW_COLUMNS))
      .$castTo<Workflow>(),

  update: (id: string, changes: WorkflowChanges) =>
    workflowsDb
      .updateTable('workflows.workflows')
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.status !== undefined ? { status: changes.status } : {}),
        ...(changes.schedule !== undefined
          ? { schedule: changes.schedule === null ? null : json(changes.schedule) }
          : {}),
        updated_at: sql`now()`,
      })
      .where('id', '=', id),

  findById: (id: string) =>
    workflowsDb
      .selectFrom('workflows.workflows as w')
      .select(workflowColumns)
      .where('w.id', '=', id)
      .$castTo<Workflow>(),

  findSchedulesOf: (ids: readonly string[]) =>
    workflowsDb
      .selectFrom('workflows.workflows')
      .select(['id', 'status', 'schedule'])
      .where(sql<boolean>`id = ANY(${ids}::uuid[])`)
      .$castTo<WorkflowScheduleState>(),

  findSettledScheduled: (afterId: string | null, limit: number, settledSeconds: number) =>
    workflowsDb
      .selectFrom('workflows.workflows')
      .select(['id', 'schedule'])
      .where('status', '=', sql.lit('active'))
      .where('schedule', 'is not', null)
      .where(sql<boolean>`updated_at < now() - make_interval(secs => ${settledSeconds})`)
      .where(sql<boolean>`(${afterId}::uuid IS NULL OR id > ${afterId}::uuid)`)
      .orderBy('id')
      .limit(limit)
      .$castTo<ScheduledWorkflow>(),

  filterScheduledOrUnsettled: (ids: readonly string[], settledSeconds: number) =>
    workflowsDb
      .selectFrom('workflows.workflows')
      .select('id')
      .where(sql<boolean>`id = ANY(${ids}::uuid[])`)
      .where(
        sql<boolean>`((status = 'active' AND schedule IS NOT NULL) OR updated_at >= now() - make_interval(secs => ${settledSeconds}))`,
      ),
};

/** `workflows.workflows`. */
@Injectable()
export class WorkflowRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The workflow if the reader can see it; with `lock`, locked for the caller's transaction. */
  findVisible(
    runner: StatementRunner,
    reader: WorkflowReaderIdentity,
    ref: WorkflowRef,
    lock = false,
    deleted = false,
  ): Promise<Workflow | null> {
    return first(runner, workflowStatements.findVisible(reader, ref, lock, deleted));
  }

  /** Visible workflows whose name is exactly `name` (case-insensitive), lowest number first. */
  findVisibleByName(reader: WorkflowReaderIdentity, name: string): Promise<Workflow[]> {
    return all(this.dataSource, workflowStatements.findVisibleByName(reader, name));
  }

  /** One page of the visible workflows, by display number, and how many there are in all. */
  async listVisible(
    reader: WorkflowReaderIdentity,
    filter: { status?: WorkflowStatus },
    page: { limit: number; offset: number },
  ): Promise<{ workflows: Workflow[]; total: number }> {
    const rows = await all(this.dataSource, workflowStatements.listVisible(reader, filter, page));
    const workflows = rows.map(({ total: _total, ...workflow }) => workflow);
    if (rows.length > 0 || page.offset === 0) return { workflows, total: rows[0]?.total ?? 0 };
    // A page past the end has no row to carry the count.
    const counted = await first(this.dataSource, workflowStatements.countVisible(reader, filter));
    return { workflows, total: counted?.total ?? 0 };
  }

  async insert(runner: StatementRunner, workflow: NewWorkflow): Promise<Workflow> {
    const [row] = await all(runner, workflowStatements.insert(workflow));
    return row;
  }

  update(runner: StatementRunner, id: string, changes: WorkflowChanges): Promise<void> {
    return run(runner, workflowStatements.update(id, changes));
  }

  /** By id, whatever its visibility: for the scheduler and the run executor, which act for its owner. */
  findById(id: string): Promise<Workflow | null> {
    return first(this.dataSource, workflowStatements.findById(id));
  }

  /** What decides these workflows' job schedulers now (missing ids are gone). */
  findSchedulesOf(ids: readonly string[]): Promise<WorkflowScheduleState[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return all(this.dataSource, workflowStatements.findSchedulesOf(ids));
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
    return all(
      this.dataSource,
      workflowStatements.findSettledScheduled(afterId, limit, settledSeconds),
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
    const rows = await all(
      this.dataSource,
      workflowStatements.filterScheduledOrUnsettled(ids, settledSeconds),
    );
    return new Set(rows.map((row) => row.id));
  }
}
