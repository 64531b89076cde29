import { Injectable } from '@nestjs/common';
import { all, camelColumns, first, run, type StatementRunner } from '@cw/db';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import {
  AUTHORING_OPERATION_COLUMNS,
  type AuthoringOperation,
  workflowsDb,
} from '../workflows-schema';

export type NewAuthoringOperation = Pick<
  AuthoringOperation,
  'companyId' | 'personId' | 'authoringRequestId' | 'requestHash' | 'request'
>;

/** How an operation ended: the workflow it saved, or why it saved none. */
export type AuthoringOutcome =
  | { status: 'saved'; workflowId: string }
  | { status: 'needs_clarification'; questions: string[] }
  | { status: 'capability_gap'; gap: string }
  | { status: 'failed'; error: string };

const operationColumns = camelColumns(AUTHORING_OPERATION_COLUMNS);

const operations = () =>
  workflowsDb
    .selectFrom('workflows.authoring_operations')
    .select(operationColumns)
    .$castTo<AuthoringOperation>();

export const authoringOperationStatements = {
  claim: (operation: NewAuthoringOperation) =>
    workflowsDb
      .insertInto('workflows.authoring_operations')
      .values({
        company_id: operation.companyId,
        person_id: operation.personId,
        authoring_request_id: operation.authoringRequestId,
        request_hash: operation.requestHash,
        request: JSON.stringify(operation.request),
        status: sql.lit('composing'),
      })
      .onConflict((conflict) =>
        conflict.columns(['company_id', 'person_id', 'authoring_request_id']).doNothing(),
      )
      .returning(operationColumns)
      .$castTo<AuthoringOperation>(),

  /** The person's authoring lock, held until the transaction ends. */
  lockOwner: (owner: { companyId: string; personId: string }) =>
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`authoring:${owner.companyId}:${owner.personId}`}, 0))`,

  countComposing: (owner: { companyId: string; personId: string }, since: Date) =>
    workflowsDb
      .selectFrom('workflows.authoring_operations')
      .select([
        sql<number>`count(*)::int`.as('composing'),
        sql<Date | null>`min(updated_at)`.as('oldestAt'),
      ])
      .where('company_id', '=', owner.companyId)
      .where('person_id', '=', owner.personId)
      .where('status', '=', sql.lit('composing'))
      .where('updated_at', '>=', since),

  findByRequestId: (key: { companyId: string; personId: string; authoringRequestId: string }) =>
    operations()
      .where('company_id', '=', key.companyId)
      .where('person_id', '=', key.personId)
      .where('authoring_request_id', '=', key.authoringRequestId),

  findOwn: (key: { companyId: string; personId: string; id: string }) =>
    operations()
      .where('company_id', '=', key.companyId)
      .where('person_id', '=', key.personId)
      .where('id', '=', key.id),

  lockComposing: (id: string) =>
    workflowsDb
      .selectFrom('workflows.authoring_operations')
      .select(sql.lit(1).as('locked'))
      .where('id', '=', id)
      .where('status', '=', sql.lit('composing'))
      .forUpdate(),

  finish: (id: string, outcome: AuthoringOutcome) =>
    workflowsDb
      .updateTable('workflows.authoring_operations')
      .set({
        status: outcome.status,
        workflow_id: outcome.status === 'saved' ? outcome.workflowId : null,
        questions:
          outcome.status === 'needs_clarification' ? JSON.stringify(outcome.questions) : null,
        gap: outcome.status === 'capability_gap' ? outcome.gap : null,
        error: outcome.status === 'failed' ? outcome.error : null,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .where('status', '=', sql.lit('composing')),

  failAbandoned: (before: Date, error: string, id?: string) =>
    workflowsDb
      .updateTable('workflows.authoring_operations')
      .set({ status: sql.lit('failed'), error, updated_at: sql`now()` })
      .where('status', '=', sql.lit('composing'))
      .where('updated_at', '<', before)
      .$if(id !== undefined, (query) => query.where('id', '=', id!))
      .returning('id'),
};

/** `workflows.authoring_operations`. */
@Injectable()
export class AuthoringOperationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Inserts a `composing` operation. With an authoring_request_id already taken by this person
   * it inserts nothing and answers null; a concurrent insert of the same key waits for the other
   * transaction, so identical concurrent requests converge on one operation.
   */
  claim(
    runner: StatementRunner,
    operation: NewAuthoringOperation,
  ): Promise<AuthoringOperation | null> {
    return first(runner, authoringOperationStatements.claim(operation));
  }

  /**
   * Holds the person's authoring lock for the caller's transaction, then counts their operations
   * still `composing` since `since` (older ones belong to a process that died) and the oldest's
   * start.
   */
  async lockAndCountComposing(
    runner: StatementRunner,
    owner: { companyId: string; personId: string },
    since: Date,
  ): Promise<{ composing: number; oldestAt: Date | null }> {
    await run(runner, authoringOperationStatements.lockOwner(owner));
    const row = await first(runner, authoringOperationStatements.countComposing(owner, since));
    return row ?? { composing: 0, oldestAt: null };
  }

  findByRequestId(
    runner: StatementRunner,
    key: { companyId: string; personId: string; authoringRequestId: string },
  ): Promise<AuthoringOperation | null> {
    return first(runner, authoringOperationStatements.findByRequestId(key));
  }

  /** The person's own operation; another person's is not theirs to see. */
  findOwn(key: {
    companyId: string;
    personId: string;
    id: string;
  }): Promise<AuthoringOperation | null> {
    return first(this.dataSource, authoringOperationStatements.findOwn(key));
  }

  /** Locks the operation for the caller's transaction if it is still `composing`. */
  async lockComposing(runner: StatementRunner, id: string): Promise<boolean> {
    return (await first(runner, authoringOperationStatements.lockComposing(id))) !== null;
  }

  /** Ends a `composing` operation; an operation already ended keeps its end. */
  finish(runner: StatementRunner, id: string, outcome: AuthoringOutcome): Promise<void> {
    return run(runner, authoringOperationStatements.finish(id, outcome));
  }

  /**
   * Ends `failed` the operations still `composing` since before `before` (the process composing
   * them died): all of them, or only the one with `id`.
   */
  async failAbandoned(before: Date, error: string, id?: string): Promise<number> {
    const rows = await all(
      this.dataSource,
      authoringOperationStatements.failAbandoned(before, error, id),
    );
    return rows.length;
  }
}
