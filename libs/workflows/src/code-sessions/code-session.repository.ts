import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull, Raw, type Repository } from 'typeorm';
import { type CodeLanguage, CodeSession } from './entities/code-session.entity';

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

const SESSION_COLUMNS = `id, company_id AS "companyId", person_id AS "personId", language,
  created_at AS "createdAt", last_used_at AS "lastUsedAt", expires_at AS "expiresAt",
  deleted_at AS "deletedAt"`;

/** `workflows.code_sessions`. */
@Injectable()
export class CodeSessionRepository {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(CodeSession) private readonly sessions: Repository<CodeSession>,
  ) {}

  /**
   * Holds the owner's session-count lock for the caller's transaction, then counts the owner's
   * live sessions and the seconds until the first of them expires.
   */
  async lockAndCountLive(
    manager: EntityManager,
    owner: SessionOwner,
  ): Promise<{ live: number; firstExpiresInSeconds: number }> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `code-sessions:${owner.companyId}:${owner.personId}`,
    ]);
    const [row]: { live: number; firstExpiresInSeconds: number }[] = await manager.query(
      `SELECT count(*)::int AS live,
              coalesce(ceil(extract(epoch FROM min(expires_at) - now())), 0)::int
                AS "firstExpiresInSeconds"
         FROM workflows.code_sessions
        WHERE company_id = $1 AND person_id = $2 AND deleted_at IS NULL AND expires_at > now()`,
      [owner.companyId, owner.personId],
    );
    return row;
  }

  async insert(
    manager: EntityManager,
    owner: SessionOwner,
    language: CodeLanguage,
    idleSeconds: number,
  ): Promise<CodeSession> {
    const [row]: CodeSession[] = await manager.query(
      `INSERT INTO workflows.code_sessions (company_id, person_id, language, expires_at)
       VALUES ($1, $2, $3, now() + $4 * interval '1 second')
       RETURNING ${SESSION_COLUMNS}`,
      [owner.companyId, owner.personId, language, idleSeconds],
    );
    return row;
  }

  /** The owner's undeleted session, locked for the caller's transaction (cells run one at a time). */
  async lockOwned(
    manager: EntityManager,
    owner: SessionOwner,
    id: string,
  ): Promise<LockedSession | null> {
    const [row]: LockedSession[] = await manager.query(
      `SELECT id, expires_at <= now() AS expired FROM workflows.code_sessions
        WHERE id = $1 AND company_id = $2 AND person_id = $3 AND deleted_at IS NULL
        FOR UPDATE`,
      [id, owner.companyId, owner.personId],
    );
    return row ?? null;
  }

  /** Records a use: the idle deadline starts again. */
  async touch(manager: EntityManager, id: string, idleSeconds: number): Promise<void> {
    await manager.query(
      `UPDATE workflows.code_sessions
          SET last_used_at = clock_timestamp(),
              expires_at = clock_timestamp() + $2 * interval '1 second'
        WHERE id = $1`,
      [id, idleSeconds],
    );
  }

  /** Deletes the owner's live session; false when there is none (gone, expired, someone else's). */
  async deleteOwned(owner: SessionOwner, id: string): Promise<boolean> {
    const { affected } = await this.sessions.update(
      {
        id,
        companyId: owner.companyId,
        personId: owner.personId,
        deletedAt: IsNull(),
        expiresAt: Raw((column) => `${column} > now()`),
      },
      { deletedAt: () => 'now()' },
    );
    return (affected ?? 0) > 0;
  }

  /** Ends every session idle past its deadline. */
  async expireIdle(): Promise<void> {
    await this.sessions.update(
      { deletedAt: IsNull(), expiresAt: Raw((column) => `${column} <= now()`) },
      { deletedAt: () => 'now()' },
    );
  }

  /** Which of these sessions are still live. */
  async findLiveIds(ids: readonly string[]): Promise<Set<string>> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM workflows.code_sessions
        WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL AND expires_at > now()`,
      [ids],
    );
    return new Set(rows.map((row) => row.id));
  }
}
