export type CellStatus = 'ok' | 'error' | 'timeout' | 'memory_limit';

export interface CellOutcome {
  status: CellStatus;
  /** The JSON value of the cell's last expression (null when it has none or it is not JSON). */
  result: unknown;
  stdout: string;
  error: { name: string; message: string } | null;
  duration_ms: number;
}

export interface SandboxLimits {
  timeoutMs: number;
  /** What one session's interpreter may allocate: QuickJS's limit and its WASM memory's cap. */
  memoryBytes: number;
  stdoutBytes: number;
  /** Largest JSON text of a cell's result. */
  resultBytes: number;
}

/** How the process shares its sandbox threads and their memory. */
export interface SandboxPoolLimits {
  /** Cells that run at once across the process; one person never runs more than one. */
  concurrency: number;
  /** What every sandbox thread together may hold: threads past it are ended, least recent first. */
  memoryBudgetBytes: number;
}

/** What the worker thread receives when it starts. */
export interface SandboxWorkerData {
  quickjsPath: string;
  /** The interpreter's compiled `WebAssembly.Module`, compiled once by the host for every thread. */
  wasmModule: object;
  /** The cap of the thread's WASM memory, in 64 KiB pages. */
  maximumPages: number;
}

export interface RunCellRequest {
  id: number;
  type: 'run';
  code: string;
  limits: SandboxLimits;
  /** JSON of read-only globals (`inputs`, `steps`) set when the thread's session is created. */
  globals?: string;
  /** A one-off evaluation: the session is disposed after the cell, so the thread can serve another. */
  discard?: boolean;
}

export type SandboxRequest = RunCellRequest;

/** `memoryBytes`: the size the thread's WASM memory has grown to (it never shrinks). */
export type SandboxReply =
  | { type: 'ready'; memoryBytes: number }
  /**
   * `recycle`: the interpreter ran out of memory or failed inside itself, and QuickJS's heap may
   * not be sound afterwards, so the host ends the thread (and with it only this session).
   * `discarded`: the session of a `discard` request was disposed whole; the thread holds none.
   */
  | {
      id: number;
      type: 'outcome';
      outcome: CellOutcome;
      memoryBytes: number;
      recycle?: boolean;
      discarded?: boolean;
    };

/** The WebAssembly globals used here (the project's TypeScript libs do not declare them). */
export interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Memory: new (descriptor: { initial: number; maximum: number }) => { buffer: ArrayBuffer };
}
