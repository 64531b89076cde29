import { Injectable } from '@nestjs/common';
import { all, camelColumns, first, run, type StatementRunner } from '@cw/db';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import {
  CODE_SESSION_COLUMNS,
  type CodeLanguage,
  type CodeSession,
  workflowsDb,
} from '../workflows-schema';

/** Whose session it is: one person in one company. */
export interface SessionOwner {
  companyId: string;
  personId: string;
}

/** A session locked for one cell; `expired` is judged by the database clock. */
export interface LockedSession {
  id: string;
  expired: boolean;
}

export const codeSessionStatements = {
  /** The owner's session-count lock, held until the transaction ends. */
  lockOwner: (owner: SessionOwner) =>
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`code-sessions:${owner.companyId}:${owner.personId}`}, 0))`,

  countLive: (owner: SessionOwner) =>
    workflowsDb
      .selectFrom('workflows.code_sessions')
      .select([
        sql<number>`count(*)::int`.as('live'),
        sql<number>`coalesce(ceil(extract(epoch FROM min(expires_at) - now())), 0)::int`.as(
          'firstExpiresInSeconds',
        ),
      ])
      .where('company_id', '=', owner.companyId)
      .where('person_id', '=', owner.personId)
      .where('deleted_at', 'is', null)
      .where(sql<boolean>`expires_at > now()`),

  insert: (owner: SessionOwner, language: CodeLanguage, idleSeconds: number) =>
    workflowsDb
      .insertInto('workflows.code_sessions')
      .values({
        company_id: owner.companyId,
        person_id: owner.personId,
        language,
        expires_at: sql`now() + ${idleSeconds} * interval '1 second'`,
      })
      .returning(camelColumns(CODE_SESSION_COLUMNS)),

  lockOwned: (owner: SessionOwner, id: string) =>
    workflowsDb
      .selectFrom('workflows.code_sessions')
      .select(['id', sql<boolean>`expires_at <= now()`.as('expired')])
      .where('id', '=', id)
      .where('company_id', '=', owner.companyId)
      .where('person_id', '=', owner.personId)
      .where('deleted_at', 'is', null)
      .forUpdate(),

  /** `clock_timestamp()`: the use is dated when the cell ended, not when its transaction began. */
  touch: (id: string, idleSeconds: number) =>
    workflowsDb
      .updateTable('workflows.code_sessions')
      .set({
        last_used_at: sql`clock_timestamp()`,
        expires_at: sql`clock_timestamp() + ${idleSeconds} * interval '1 second'`,
      })
      .where('id', '=', id),

  deleteOwned: (owner: SessionOwner, id: string) =>
    workflowsDb
      .updateTable('workflows.code_sessions')
      .set({ deleted_at: sql`now()` })
      .where('id', '=', id)
      .where('company_id', '=', owner.companyId)
      .where('person_id', '=', owner.personId)
      .where('deleted_at', 'is', null)
      .where(sql<boolean>`expires_at > now()`)
      .returning('id'),

  expireIdle: () =>
    workflowsDb
      .updateTable('workflows.code_sessions')
      .set({ deleted_at: sql`now()` })
      .where('deleted_at', 'is', null)
      .where(sql<boolean>`expires_at <= now()`),

  findLiveIds: (ids: readonly string[]) =>
    workflowsDb
      .selectFrom('workflows.code_sessions')
      .select('id')
      .where(sql<boolean>`id = ANY(${ids}::uuid[])`)
      .where('deleted_at', 'is', null)
      .where(sql<boolean>`expires_at > now()`),
};

/** `workflows.code_sessions`. */
@Injectable()
export class CodeSessionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Holds the owner's session-count lock for the caller's transaction, then counts the owner's
   * live sessions and the seconds until the first of them expires.
   */
  async lockAndCountLive(
    runner: StatementRunner,
    owner: SessionOwner,
  ): Promise<{ live: number; firstExpiresInSeconds: number }> {
    await run(runner, codeSessionStatements.lockOwner(owner));
    const row = await first(runner, codeSessionStatements.countLive(owner));
    return row ?? { live: 0, firstExpiresInSeconds: 0 };
  }

  async insert(
    runner: StatementRunner,
    owner: SessionOwner,
    language: CodeLanguage,
    idleSeconds: number,
  ): Promise<CodeSession> {
    const [row] = await all(runner, codeSessionStatements.insert(owner, language, idleSeconds));
    return row;
  }

  /** The owner's undeleted session, locked for the caller's transaction (cells run one at a time). */
  lockOwned(
    runner: StatementRunner,
    owner: SessionOwner,
    id: string,
  ): Promise<LockedSession | null> {
    return first(runner, codeSessionStatements.lockOwned(owner, id));
  }

  /** Records a use: the idle deadline starts again. */
  touch(runner: StatementRunner, id: string, idleSeconds: number): Promise<void> {
    return run(runner, codeSessionStatements.touch(id, idleSeconds));
  }

  /** Deletes the owner's live session; false when there is none (gone, expired, someone else's). */
  async deleteOwned(owner: SessionOwner, id: string): Promise<boolean> {
    return (await first(this.dataSource, codeSessionStatements.deleteOwned(owner, id))) !== null;
  }

  /** Ends every session idle past its deadline. */
  expireIdle(): Promise<void> {
    return run(this.dataSource, codeSessionStatements.expireIdle());
  }

  /** Which of these sessions are still live. */
  async findLiveIds(ids: readonly string[]): Promise<Set<string>> {
    const rows = await all(this.dataSource, codeSessionStatements.findLiveIds(ids));
    return new Set(rows.map((row) => row.id));
  }
}
