import { Worker } from 'node:worker_threads';
import { sandboxWorkerMain } from './sandbox-worker-main';
import type { RunCellRequest, SandboxReply, SandboxWorkerData } from './sandbox-types';

/** The worker thread's own stack: 256 times the interpreter's, so QuickJS always overflows first. */
const WORKER_STACK_MB = 64;
/** The thread's own JavaScript heap: stdout, the result's JSON text and the cell's code pass it. */
const WORKER_HEAP_MB = 32;

/** How a cell ended on its thread: an answer, or the thread is gone (its session with it). */
export type ThreadRunResult =
  | { kind: 'reply'; reply: Extract<SandboxReply, { type: 'outcome' }> }
  | { kind: 'lost'; overran: boolean };

/**
 * One worker thread holding one session: its own QuickJS runtime in its own WASM memory. While
 * a cell runs, the thread is `busy`; its memory is what the thread last reported (the WASM
 * memory only grows). Ending the thread frees all of it at once.
 */
export class SandboxThread {
  readonly ready: Promise<void>;
  memoryBytes: number;
  /** Taken by a task (running a cell or about to): never evicted. */
  pinned = false;
  /** A cell runs: the host counts the thread at its memory cap. */
  busy = false;
  /** Its last one-off session was disposed inside it: it holds no session and may serve another. */
  vacant = false;
  ended = false;
  private readonly worker: Worker;
  private nextId = 1;
  private pending?: {
    id: number;
    settle: (result: ThreadRunResult) => void;
    timer: NodeJS.Timeout;
  };

  constructor(
    data: SandboxWorkerData,
    initialBytes: number,
    private readonly onEnded: (thread: SandboxThread) => void,
  ) {
    this.memoryBytes = initialBytes;
    this.worker = new Worker(`(${sandboxWorkerMain.toString()})()`, {
      eval: true,
      workerData: data,
      resourceLimits: { stackSizeMb: WORKER_STACK_MB, maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    this.worker.unref();
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (reply: SandboxReply) => {
        this.memoryBytes = reply.memoryBytes;
        if (reply.type === 'ready') resolve();
        else if (reply.type === 'outcome' && this.pending?.id === reply.id) {
          this.finish({ kind: 'reply', reply });
        }
      });
      const gone = (): void => {
        reject(new Error('the sandbox thread ended before it was ready'));
        this.end();
      };
      this.worker.on('error', gone);
      this.worker.on('exit', gone);
    });
    // A thread that fails to start is reported to whoever awaits `ready`; nobody else cares.
    this.ready.catch(() => undefined);
  }

  /** Runs one cell; past `watchdogMs` (the cell's deadline and a grace) the thread is ended. */
  run(request: Omit<RunCellRequest, 'id'>, watchdogMs: number): Promise<ThreadRunResult> {
    if (this.ended) return Promise.resolve({ kind: 'lost', overran: false });
    const id = this.nextId++;
    return new Promise((settle) => {
      const timer = setTimeout(() => {
        this.finish({ kind: 'lost', overran: true });
        this.end();
      }, watchdogMs);
      this.pending = { id, settle, timer };
      this.worker.postMessage({ ...request, id });
    });
  }

  /** Ends the thread (idempotent); a cell still running answers `lost`. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.finish({ kind: 'lost', overran: false });
    void this.worker.terminate();
    this.onEnded(this);
  }

  private finish(result: ThreadRunResult): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    pending.settle(result);
  }
}
