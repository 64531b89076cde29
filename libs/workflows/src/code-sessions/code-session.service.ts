import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { AppError, ErrorCode, PeriodicPass, validationError } from '@cw/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { CodeSandbox, type RunCellOptions } from '../code-sandbox/code-sandbox';
import type { CellOutcome } from '../code-sandbox/sandbox-types';
import { WorkflowsConfig } from '../workflows.config';
import { CodeCellRepository } from './code-cell.repository';
import { CodeSessionRepository, type SessionOwner } from './code-session.repository';
import type { CodeLanguage } from '../workflows-schema';

/** The largest cell, in bytes of UTF-8. */
export const CODE_CELL_MAX_BYTES = 100 * 1024;
/** How often a rebuild is tried when the sandbox loses the session again while it is replayed. */
const REBUILD_ATTEMPTS = 2;
const SWEEP_EVERY_SECONDS = 60;

export interface CreatedCodeSession {
  session_id: string;
  language: CodeLanguage;
  expires_at: Date;
}

export interface CellResult extends CellOutcome {
  cell: number;
}

const SESSION_NOT_FOUND = 'No code session with that id is open for you.';

/** 429 with the wait until the person's first session expires (deleting one frees a place now). */
function sessionLimitReached(limit: number, firstExpiresInSeconds: number): AppError {
  const retryAfter = Math.max(1, firstExpiresInSeconds);
  return new AppError(
    ErrorCode.RateLimited,
    `You hold ${limit} live code sessions, the most allowed; delete one, or retry after the Retry-After delay when one expires.`,
    {
      details: { limit, retry_after_seconds: retryAfter },
      headers: { 'Retry-After': String(retryAfter) },
    },
  );
}

/** The sandbox's turn key of a person: their cells of every session take one turn at a time. */
const ownerKey = (owner: SessionOwner): string => `person:${owner.companyId}:${owner.personId}`;

/** Whose turn a cell takes in the sandbox: the person's, within their company's share. */
type Turn = Pick<RunCellOptions, 'owner' | 'group'>;

/**
 * Code sessions (`run_code`). A session's state lives in this process's sandbox, but its cells
 * are stored: when the sandbox no longer holds the session (another replica, a restart, a
 * thread replaced after a memory limit or an overrun), the session's `ok` cells are replayed in
 * order into a fresh sandbox session before the new cell runs. Replay recomputes: values made by
 * `Math.random()` or `Date` come out different, and a replayed cell's output is discarded.
 * Cells of one session run one at a time in this process, in order; each is numbered under the
 * session's row lock once it ran. Cells of one session sent to two replicas at once may run at
 * the same time, each in its own replica's copy of the session.
 */
@Injectable()
export class CodeSessionService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(CodeSessionService.name);
  /** Sessions this process's sandbox may hold: closed there once they end. */
  private readonly heldHere = new Set<string>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly sweeps = new PeriodicPass('code session sweep', () => this.sweep(), this.logger);

  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: CodeSessionRepository,
    private readonly cells: CodeCellRepository,
    private readonly sandbox: CodeSandbox,
    private readonly config: WorkflowsConfig,
  ) {}

  onModuleInit(): void {
    const everyMs = Math.min(SWEEP_EVERY_SECONDS, this.config.CODE_SESSION_IDLE_SECONDS) * 1000;
    this.sweeps.start(everyMs);
  }

  async onApplicationShutdown(): Promise<void> {
    this.sweeps.stop();
    await this.sandbox.shutdown();
  }

  /** Opens a session, within the person's cap (counted under a per-person lock). */
  create(owner: SessionOwner, language: CodeLanguage): Promise<CreatedCodeSession> {
    return this.dataSource.transaction(async (manager) => {
      const { live, firstExpiresInSeconds } = await this.sessions.lockAndCountLive(manager, owner);
      const limit = this.config.CODE_SESSIONS_PER_PERSON;
      if (live >= limit) throw sessionLimitReached(limit, firstExpiresInSeconds);
      const session = await this.sessions.insert(
        manager,
        owner,
        language,
        this.config.CODE_SESSION_IDLE_SECONDS,
      );
      return { session_id: session.id, language: session.language, expires_at: session.expiresAt };
    });
  }

  /**
   * Runs one cell. No database connection is held while the cell waits for its turn or runs:
   * the session is checked first, and the cell is numbered and stored in a short transaction
   * after it ran, under the session's row lock.
   */
  runCell(owner: SessionOwner, sessionId: string, code: string): Promise<CellResult> {
    if (Buffer.byteLength(code, 'utf8') > CODE_CELL_MAX_BYTES) {
      throw validationError([{ field: 'code', message: 'code must be at most 100 KB' }]);
    }
    return this.oneAtATime(sessionId, async () => {
      await this.requireLive(owner, sessionId);
      const outcome = await this.execute(sessionId, code, {
        owner: ownerKey(owner),
        group: owner.companyId,
      });
      return this.dataSource.transaction(async (manager) => {
        await this.requireLive(owner, sessionId, manager);
        const cell = await this.cells.nextNumber(manager, sessionId);
        await this.cells.insert(manager, { sessionId, cell, code, status: outcome.status });
        await this.sessions.touch(manager, sessionId, this.config.CODE_SESSION_IDLE_SECONDS);
        return { cell, ...outcome };
      });
    });
  }

  async delete(owner: SessionOwner, sessionId: string): Promise<void> {
    if (!(await this.sessions.deleteOwned(owner, sessionId))) {
      throw AppError.notFound(SESSION_NOT_FOUND);
    }
    this.forget(sessionId);
  }

  /** Ends sessions idle past their deadline, and frees what this process's sandbox held of them. */
  async sweep(): Promise<void> {
    await this.sessions.expireIdle();
    if (this.heldHere.size === 0) return;
    const live = await this.sessions.findLiveIds([...this.heldHere]);
    for (const id of [...this.heldHere]) {
      if (!live.has(id)) this.forget(id);
    }
  }

  /** 404 unless the session is the owner's and live; with `manager`, locked for its transaction. */
  private async requireLive(
    owner: SessionOwner,
    sessionId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    const session = await this.sessions.lockOwned(manager, owner, sessionId);
    if (session && !session.expired) return;
    if (session) this.forget(sessionId);
    throw AppError.notFound(SESSION_NOT_FOUND);
  }

  private async execute(sessionId: string, code: string, turn: Turn): Promise<CellOutcome> {
    this.heldHere.add(sessionId);
    const result = await this.sandbox.run(sessionId, code, { expectExisting: true, ...turn });
    if (result.kind === 'ran') return result.outcome;
    for (let attempt = 0; attempt < REBUILD_ATTEMPTS; attempt += 1) {
      const outcome = await this.rebuildAndRun(sessionId, code, turn);
      if (outcome) return outcome;
    }
    throw new Error(`code session ${sessionId} could not be rebuilt in the sandbox`);
  }

  /** Replays the session's `ok` cells into a fresh sandbox session, then runs `code`; null if lost again. */
  private async rebuildAndRun(
    sessionId: string,
    code: string,
    turn: Turn,
  ): Promise<CellOutcome | null> {
    const replayed = await this.cells.listReplayable(this.dataSource.manager, sessionId);
    for (const [index, cellCode] of replayed.entries()) {
      const result = await this.sandbox.run(sessionId, cellCode, {
        expectExisting: index > 0,
        ...turn,
      });
      if (result.kind === 'missing') return null;
    }
    const result = await this.sandbox.run(sessionId, code, {
      expectExisting: replayed.length > 0,
      ...turn,
    });
    return result.kind === 'ran' ? result.outcome : null;
  }

  private forget(sessionId: string): void {
    this.heldHere.delete(sessionId);
    this.sandbox.close(sessionId);
  }

  /** Runs `task` after every earlier task of the same session in this process has settled. */
  private oneAtATime<T>(sessionId: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(sessionId) ?? Promise.resolve();
    const current = previous.then(task, task);
    const settled = current.catch(() => undefined);
    this.queues.set(sessionId, settled);
    void settled.then(() => {
      if (this.queues.get(sessionId) === settled) this.queues.delete(sessionId);
    });
    return current;
  }
}
