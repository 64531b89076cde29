import { Worker } from 'node:worker_threads';
import { sandboxWorkerMain } from './sandbox-worker-main';
import type {
  CellOutcome,
  RunCellRequest,
  SandboxLimits,
  SandboxReply,
  SandboxRequest,
} from './sandbox-types';

/** The worker thread's own stack: 256 times the interpreter's, so QuickJS always overflows first. */
const WORKER_STACK_MB = 64;
/** Past a cell's deadline, how long the interrupt handler gets before the thread is replaced. */
const WATCHDOG_GRACE_MS = 2_000;

export type RunCellResult = { kind: 'ran'; outcome: CellOutcome } | { kind: 'missing' };

interface Pending {
  resolve: (reply: SandboxReply) => void;
  timer?: NodeJS.Timeout;
}

/**
 * Runs code cells in QuickJS inside one worker thread. The thread is replaced, and its sessions
 * lost, when a cell outlives its deadline and its interrupt handler (a native operation QuickJS
 * cannot interrupt), when a cell runs out of memory (QuickJS's heap is not sound after some
 * out-of-memory paths: freeing such a runtime aborts the whole WASM instance), or when the
 * interpreter fails inside itself. Later runs of a lost session answer `missing`, so the caller
 * rebuilds it (the code-sessions service replays its cells). Nothing of it reaches the process.
 */
export class CodeSandbox {
  private worker?: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly limits: SandboxLimits) {}

  /**
   * Runs `code` in session `sessionId`. With `expectExisting` the cell runs only if the session's
   * state is alive (else `missing`); without it a missing session is created, with `globals`.
   */
  async run(
    sessionId: string,
    code: string,
    options: { expectExisting: boolean; globals?: Record<string, unknown> },
  ): Promise<RunCellResult> {
    const request: Omit<RunCellRequest, 'id'> = {
      type: 'run',
      sessionId,
      code,
      limits: this.limits,
      globals: options.globals ? JSON.stringify(options.globals) : undefined,
      expectExisting: options.expectExisting,
    };
    const reply = await this.send(request, this.limits.timeoutMs + WATCHDOG_GRACE_MS);
    switch (reply.type) {
      case 'outcome':
        return { kind: 'ran', outcome: reply.outcome };
      case 'missing':
        return { kind: 'missing' };
      case 'closed':
        throw new Error('the sandbox answered a run with a close');
    }
  }

  /** Evaluates `code` once in a fresh session with read-only `globals`, then discards it. */
  async evaluate(code: string, globals: Record<string, unknown>): Promise<CellOutcome> {
    const sessionId = `once-${this.nextId}`;
    try {
      const result = await this.run(sessionId, code, { expectExisting: false, globals });
      if (result.kind !== 'ran') throw new Error('a fresh sandbox session was reported missing');
      return result.outcome;
    } finally {
      await this.close(sessionId);
    }
  }

  async close(sessionId: string): Promise<void> {
    if (!this.worker) return;
    await this.send({ type: 'close', sessionId });
  }

  async shutdown(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private send(
    request: Omit<RunCellRequest, 'id'> | Omit<SandboxRequest & { type: 'close' }, 'id'>,
    watchdogMs?: number,
  ): Promise<SandboxReply> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve) => {
      const entry: Pending = { resolve };
      if (watchdogMs !== undefined) {
        entry.timer = setTimeout(() => this.replaceWorker(worker, id), watchdogMs);
      }
      this.pending.set(id, entry);
      worker.postMessage({ ...request, id });
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(`(${sandboxWorkerMain.toString()})()`, {
      eval: true,
      workerData: { quickjsPath: require.resolve('quickjs-emscripten') },
      resourceLimits: { stackSizeMb: WORKER_STACK_MB },
    });
    worker.unref();
    worker.on('message', (reply: SandboxReply) => {
      this.settle(reply);
      if (reply.type === 'outcome' && reply.recycle) this.replaceWorker(worker);
    });
    worker.on('error', () => this.replaceWorker(worker));
    worker.on('exit', () => this.replaceWorker(worker));
    this.worker = worker;
    return worker;
  }

  private settle(reply: SandboxReply): void {
    const entry = this.pending.get(reply.id);
    if (!entry) return;
    this.pending.delete(reply.id);
    clearTimeout(entry.timer);
    entry.resolve(reply);
  }

  /**
   * Ends a stuck or crashed thread. The cell that overran answers `timeout`; every other waiting
   * request answers `missing` (its session's state went with the thread).
   */
  private replaceWorker(worker: Worker, overrunId?: number): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    void worker.terminate();
    for (const [id, entry] of [...this.pending]) {
      this.pending.delete(id);
      clearTimeout(entry.timer);
      entry.resolve(
        id === overrunId
          ? {
              id,
              type: 'outcome',
              outcome: {
                status: 'timeout',
                result: null,
                stdout: '',
                error: { name: 'InternalError', message: 'interrupted' },
                duration_ms: this.limits.timeoutMs + WATCHDOG_GRACE_MS,
              },
            }
          : { id, type: 'missing' },
      );
    }
  }
}
