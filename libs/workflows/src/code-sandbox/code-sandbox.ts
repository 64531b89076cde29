import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { FairScheduler } from './fair-scheduler';
import { SandboxThread, type ThreadRunResult } from './sandbox-thread';
import type {
  CellOutcome,
  SandboxLimits,
  SandboxPoolLimits,
  SandboxWorkerData,
  WasmApi,
} from './sandbox-types';

const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** Past a cell's deadline, how long the interrupt handler gets before the thread is ended. */
const WATCHDOG_GRACE_MS = 2_000;
const PAGE_BYTES = 64 * 1024;
/** The QuickJS build's initial WASM memory (its static data, stack and first heap). */
const INITIAL_WASM_BYTES = 256 * PAGE_BYTES;
/** Room in a session's WASM memory beside its heap limit: the interpreter's static data and stack. */
const INTERPRETER_RESERVE_BYTES = 4 * 1024 * 1024;
/** What one worker thread costs beside its WASM memory (its V8 isolate and loaded modules). */
export const THREAD_OVERHEAD_BYTES = 8 * 1024 * 1024;
/** Threads started ahead, so that a new session or a one-off evaluation does not wait for one. */
const SPARE_THREADS = 2;
/** Threads starting at once for new sessions (each is pinned, counted at its initial memory). */
const STARTING_THREADS = 2;

export const DEFAULT_POOL_LIMITS: SandboxPoolLimits = {
  concurrency: 4,
  memoryBudgetBytes: 400 * 1024 * 1024,
};

export type RunCellResult = { kind: 'ran'; outcome: CellOutcome } | { kind: 'missing' };

export interface RunCellOptions {
  /** Run only if the sandbox holds the session (else `missing`); else create it, with `globals`. */
  expectExisting: boolean;
  globals?: Record<string, unknown>;
  /** Whose turn the cell takes (a person): one cell per owner runs at a time. */
  owner?: string;
  /** The owner's company: its cells hold at most half the slots (`perGroupOf`). */
  group?: string;
  /** Dispose the session after this cell (a one-off evaluation), leaving its thread vacant. */
  discard?: boolean;
}

export interface SandboxUsage {
  sessions: number;
  threads: number;
  /** Memory counted against the budget: every thread's overhead and WASM memory. */
  chargedBytes: number;
  queued: number;
  /** Threads started since the sandbox was made (each costs a V8 isolate and a QuickJS load). */
  threadsStarted: number;
}

/** The most memory one session's thread can reach: its overhead and its capped WASM memory. */
export function sessionMemoryCeiling(memoryBytes: number): number {
  return THREAD_OVERHEAD_BYTES + wasmCapPages(memoryBytes) * PAGE_BYTES;
}

/**
 * The slots one company's cells may hold at once: half, so that while one company runs endless
 * cells another company's cell starts at once.
 */
export function perGroupOf(concurrency: number): number {
  return Math.max(1, Math.floor(concurrency / 2));
}

/** The least memory budget that holds `concurrency` running cells and the threads starting. */
export function sandboxMemoryNeeded(concurrency: number, memoryBytes: number): number {
  return (
    concurrency * sessionMemoryCeiling(memoryBytes) +
    STARTING_THREADS * (THREAD_OVERHEAD_BYTES + INITIAL_WASM_BYTES)
  );
}

function wasmCapPages(memoryBytes: number): number {
  return Math.max(
    INITIAL_WASM_BYTES / PAGE_BYTES,
    Math.ceil((memoryBytes + INTERPRETER_RESERVE_BYTES) / PAGE_BYTES),
  );
}

/**
 * Runs code cells in QuickJS, one worker thread per session, each with its own WASM memory
 * capped at the session's limit. Cells take turns fairly across owners (`FairScheduler`): a cell
 * waits for its turn without its deadline running, and one person's endless cells take one slot
 * at most. A cell that overran its deadline and its interrupt handler (a native operation QuickJS
 * cannot interrupt), ran out of memory (QuickJS's heap is not sound after some out-of-memory
 * paths) or failed inside the interpreter ends its own thread, and only its own session goes.
 * Every thread counts against the memory budget: idle sessions past it are ended, least recently
 * used first. A later run of an ended session answers `missing`, so the caller rebuilds it (the
 * code-sessions service replays its cells). Nothing of it reaches the process.
 */
export class CodeSandbox {
  private readonly scheduler: FairScheduler;
  /** Threads of new sessions start here, fairly across owners, outside the run turns. */
  private readonly starts = new FairScheduler(STARTING_THREADS);
  private readonly threads = new Set<SandboxThread>();
  private readonly held = new Map<string, { thread: SandboxThread; lastUsedAt: number }>();
  private readonly spares: SandboxThread[] = [];
  private readonly capBytes: number;
  private wasmModule?: object;
  private nextEvaluation = 1;
  private threadsStarted = 0;
  /** One-off evaluations under way: each gives its thread back as a spare when it ends. */
  private evaluating = 0;

  constructor(
    private readonly limits: SandboxLimits,
    private readonly pool: SandboxPoolLimits = DEFAULT_POOL_LIMITS,
  ) {
    this.capBytes = wasmCapPages(limits.memoryBytes) * PAGE_BYTES;
    const needed = sandboxMemoryNeeded(pool.concurrency, limits.memoryBytes);
    if (pool.memoryBudgetBytes < needed) {
      throw new Error(
        `the sandbox memory budget (${pool.memoryBudgetBytes} bytes) is below what its ${pool.concurrency} running cells and ${STARTING_THREADS} starting threads may reach (${needed} bytes)`,
      );
    }
    this.scheduler = new FairScheduler(pool.concurrency, perGroupOf(pool.concurrency));
  }

  /**
   * Runs `code` in session `sessionId`, in `options.owner`'s turn (else the session's own). A new
   * session's thread starts first, in a turn of the start queue: a run turn is spent only on
   * running the cell, so nobody's cell waits behind another's thread starting.
   */
  async run(sessionId: string, code: string, options: RunCellOptions): Promise<RunCellResult> {
    const owner = options.owner ?? `session:${sessionId}`;
    if (!options.expectExisting && !this.held.has(sessionId)) {
      await this.starts.schedule(owner, () => this.open(sessionId), options.group);
    }
    return this.scheduler.schedule(
      owner,
      () => this.runInTurn(sessionId, code, options),
      options.group,
    );
  }

  /**
   * Evaluates `code` once in a fresh session with read-only `globals`, then discards it. The
   * session's QuickJS runtime is freed whole inside its thread, and the vacant thread waits as a
   * spare for the next session or evaluation: a workflow's `assert` does not pay a thread start.
   */
  async evaluate(
    code: string,
    globals: Record<string, unknown>,
    owner?: string,
  ): Promise<CellOutcome> {
    const sessionId = `once-${this.nextEvaluation++}`;
    this.evaluating += 1;
    try {
      const result = await this.run(sessionId, code, {
        expectExisting: false,
        globals,
        owner,
        discard: true,
      });
      if (result.kind !== 'ran') throw new Error('a fresh sandbox session was reported missing');
      return result.outcome;
    } finally {
      this.evaluating -= 1;
      this.release(sessionId);
    }
  }

  /** Frees the session's thread at once (a later run answers `missing`). */
  close(sessionId: string): void {
    this.held.get(sessionId)?.thread.end();
  }

  /** Ends a one-off session: its thread, vacant again, becomes a spare if one is wanted. */
  private release(sessionId: string): void {
    const held = this.held.get(sessionId);
    if (!held) return;
    this.held.delete(sessionId);
    const { thread } = held;
    // As many as run at once: every slot's evaluation finds a warm thread. Idle sessions and
    // spares past the memory budget are ended when a cell needs the room (`makeRoom`).
    const kept = Math.max(SPARE_THREADS, this.pool.concurrency);
    if (thread.ended || !thread.vacant || this.spares.length >= kept) thread.end();
    else this.spares.unshift(thread);
  }

  usage(): SandboxUsage {
    return {
      sessions: this.held.size,
      threads: this.threads.size,
      chargedBytes: this.charged(),
      queued: this.scheduler.queued,
      threadsStarted: this.threadsStarted,
    };
  }

  /** Ends every thread: every session is lost (and rebuilt by its caller when used again). */
  shutdown(): Promise<void> {
    for (const thread of [...this.threads]) thread.end();
    return Promise.resolve();
  }

  private async runInTurn(
    sessionId: string,
    code: string,
    options: RunCellOptions,
  ): Promise<RunCellResult> {
    let held = this.held.get(sessionId);
    if (!held && options.expectExisting) return { kind: 'missing' };
    // Ended between its start and this turn (the budget made room): it starts in this turn.
    held ??= this.hold(sessionId);
    const { thread } = held;
    thread.pinned = true;
    try {
      await thread.ready;
      // Room for the cell to grow to its cap: idle sessions give way, least recently used first.
      this.makeRoom(this.capBytes - thread.memoryBytes);
      thread.busy = true;
      const ran = await thread.run(
        {
          type: 'run',
          code,
          limits: this.limits,
          globals: options.globals ? JSON.stringify(options.globals) : undefined,
          discard: options.discard,
        },
        this.limits.timeoutMs + WATCHDOG_GRACE_MS,
      );
      thread.vacant = ran.kind === 'reply' && ran.reply.discarded === true;
      return this.resultOf(thread, ran);
    } catch {
      // The thread died before it was ready: the session was never there.
      thread.end();
      return { kind: 'missing' };
    } finally {
      thread.pinned = false;
      thread.busy = false;
      held.lastUsedAt = Date.now();
    }
  }

  private resultOf(thread: SandboxThread, ran: ThreadRunResult): RunCellResult {
    if (ran.kind === 'reply') {
      if (ran.reply.recycle) thread.end();
      return { kind: 'ran', outcome: ran.reply.outcome };
    }
    if (!ran.overran) return { kind: 'missing' };
    return {
      kind: 'ran',
      outcome: {
        status: 'timeout',
        result: null,
        stdout: '',
        error: { name: 'InternalError', message: 'interrupted' },
        duration_ms: this.limits.timeoutMs + WATCHDOG_GRACE_MS,
      },
    };
  }

  /** Gives the session a thread and waits until it is ready (an ended thread answers later). */
  private async open(sessionId: string): Promise<void> {
    if (this.held.has(sessionId)) return;
    const held = this.hold(sessionId);
    held.thread.pinned = true;
    try {
      await held.thread.ready;
    } catch {
      // Its run turn finds the session missing and starts it again.
    } finally {
      held.thread.pinned = false;
      held.lastUsedAt = Date.now();
    }
  }

  private hold(sessionId: string): { thread: SandboxThread; lastUsedAt: number } {
    const held = { thread: this.takeThread(), lastUsedAt: Date.now() };
    this.held.set(sessionId, held);
    return held;
  }

  /**
   * A ready spare if there is one, else a new thread. Then, when no spare is left and no
   * evaluation under way will give one back, a new spare starts if it fits. Evaluations give
   * their vacant threads back, so a process evaluating a few at a time keeps reusing the same
   * warm threads and starts none.
   */
  private takeThread(): SandboxThread {
    const thread = this.spares.shift() ?? this.startThread(true);
    if (this.spares.length === 0 && this.evaluating === 0) {
      const room = this.pool.memoryBudgetBytes - this.charged();
      if (room >= THREAD_OVERHEAD_BYTES + INITIAL_WASM_BYTES) this.spares.push(this.startThread());
    }
    return thread;
  }

  private startThread(evict = false): SandboxThread {
    if (evict) this.makeRoom(THREAD_OVERHEAD_BYTES + INITIAL_WASM_BYTES);
    this.wasmModule ??= new wasm.Module(readFileSync(wasmPath()));
    const data: SandboxWorkerData = {
      quickjsPath: require.resolve('quickjs-emscripten'),
      wasmModule: this.wasmModule,
      maximumPages: this.capBytes / PAGE_BYTES,
    };
    const thread = new SandboxThread(data, INITIAL_WASM_BYTES, (ended) => this.forget(ended));
    this.threads.add(thread);
    this.threadsStarted += 1;
    return thread;
  }

  private forget(thread: SandboxThread): void {
    this.threads.delete(thread);
    const spare = this.spares.indexOf(thread);
    if (spare >= 0) this.spares.splice(spare, 1);
    for (const [sessionId, held] of this.held) {
      if (held.thread === thread) this.held.delete(sessionId);
    }
  }

  /**
   * Ends spares, then idle sessions least recently used first, until `bytes` more fit the budget.
   * Running cells are never ended: the budget covers every slot's cell at its cap (checked in
   * the constructor), so what is left always fits.
   */
  private makeRoom(bytes: number): void {
    while (this.charged() + bytes > this.pool.memoryBudgetBytes) {
      const victim = this.spares[0] ?? this.leastRecentlyUsedIdle();
      if (!victim) return;
      victim.end();
    }
  }

  private leastRecentlyUsedIdle(): SandboxThread | undefined {
    let oldest: { thread: SandboxThread; lastUsedAt: number } | undefined;
    for (const held of this.held.values()) {
      if (held.thread.pinned) continue;
      if (!oldest || held.lastUsedAt < oldest.lastUsedAt) oldest = held;
    }
    return oldest?.thread;
  }

  private charged(): number {
    let total = 0;
    for (const thread of this.threads) {
      total += THREAD_OVERHEAD_BYTES + (thread.busy ? this.capBytes : thread.memoryBytes);
    }
    return total;
  }
}

/** The interpreter's WebAssembly file, beside the QuickJS variant the package loads. */
function wasmPath(): string {
  return require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm', {
    paths: [dirname(require.resolve('quickjs-emscripten'))],
  });
}
