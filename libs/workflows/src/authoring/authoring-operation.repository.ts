import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { AuthoringOperation, type AuthoringStatus } from './entities/authoring-operation.entity';

const OPERATION_COLUMNS = `id, company_id AS "companyId", person_id AS "personId",
  authoring_request_id AS "authoringRequestId", request_hash AS "requestHash", request, status,
  workflow_id AS "workflowId", questions, gap, error, created_at AS "createdAt",
  updated_at AS "updatedAt"`;

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

/** `workflows.authoring_operations`. */
@Injectable()
export class AuthoringOperationRepository {
  constructor(
    @InjectRepository(AuthoringOperation)
    private readonly operations: Repository<AuthoringOperation>,
  ) {}

  /**
   * Inserts a `composing` operation. With an authoring_request_id already taken by this person
   * it inserts nothing and answers null; a concurrent insert of the same key waits for the other
   * transaction, so identical concurrent requests converge on one operation.
   */
  async claim(
    manager: EntityManager,
    operation: NewAuthoringOperation,
  ): Promise<AuthoringOperation | null> {
    const [row]: AuthoringOperation[] = await manager.query(
      `INSERT INTO workflows.authoring_operations
         (company_id, person_id, authoring_request_id, request_hash, request, status)
       VALUES ($1, $2, $3, $4, $5, 'composing')
       ON CONFLICT (company_id, person_id, authoring_request_id) DO NOTHING
       RETURNING ${OPERATION_COLUMNS}`,
      [
        operation.companyId,
        operation.personId,
        operation.authoringRequestId,
        operation.requestHash,
        JSON.stringify(operation.request),
      ],
    );
    return row ?? null;
  }

  /**
   * Holds the person's authoring lock for the caller's transaction, then counts their operations
   * still `composing` since `since` (older ones belong to a process that died) and the oldest's
   * start.
   */
  async lockAndCountComposing(
    manager: EntityManager,
    owner: { companyId: string; personId: string },
    since: Date,
  ): Promise<{ composing: number; oldestAt: Date | null }> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `authoring:${owner.companyId}:${owner.personId}`,
    ]);
    const [row]: { composing: number; oldestAt: Date | null }[] = await manager.query(
      `SELECT count(*)::int AS composing, min(updated_at) AS "oldestAt"
         FROM workflows.authoring_operations
        WHERE company_id = $1 AND person_id = $2 AND status = 'composing' AND updated_at >= $3`,
      [owner.companyId, owner.personId, since],
    );
    return row;
  }

  findByRequestId(
    manager: EntityManager,
    key: { companyId: string; personId: string; authoringRequestId: string },
  ): Promise<AuthoringOperation | null> {
    return manager.getRepository(AuthoringOperation).findOneBy(key);
  }

  /** The person's own operation; another person's is not theirs to see. */
  findOwn(key: {
    companyId: string;
    personId: string;
    id: string;
  }): Promise<AuthoringOperation | null> {
    return this.operations.findOneBy(key);
  }

  /** Locks the operation for the caller's transaction if it is still `composing`. */
  async lockComposing(manager: EntityManager, id: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM workflows.authoring_operations WHERE id = $1 AND status = 'composing' FOR UPDATE`,
      [id],
    );
    return rows.length > 0;
  }

  /** Ends a `composing` operation; an operation already ended keeps its end. */
  async finish(manager: EntityManager, id: string, outcome: AuthoringOutcome): Promise<void> {
    await manager.query(
      `UPDATE workflows.authoring_operations
          SET status = $2, workflow_id = $3, questions = $4, gap = $5, error = $6, updated_at = now()
        WHERE id = $1 AND status = 'composing'`,
      [
        id,
        outcome.status,
        outcome.status === 'saved' ? outcome.workflowId : null,
        outcome.status === 'needs_clarification' ? JSON.stringify(outcome.questions) : null,
        outcome.status === 'capability_gap' ? outcome.gap : null,
        outcome.status === 'failed' ? outcome.error : null,
      ],
    );
  }

  /**
   * Ends `failed` the operations still `composing` since before `before` (the process composing
   * them died): all of them, or only the one with `id`.
   */
  async failAbandoned(before: Date, error: string, id?: string): Promise<number> {
    const query = this.operations
      .createQueryBuilder()
      .update()
      .set({ status: 'failed' satisfies AuthoringStatus, error })
      .where(`status = 'composing' AND updated_at < :before`, { before });
    if (id) query.andWhere('id = :id', { id });
    const result = await query.execute();
    return result.affected ?? 0;
  }
}
