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
  memoryBytes: number;
  stdoutBytes: number;
  /** Largest JSON text of a cell's result. */
  resultBytes: number;
}

export interface RunCellRequest {
  id: number;
  type: 'run';
  sessionId: string;
  code: string;
  limits: SandboxLimits;
  /** JSON of read-only globals (`inputs`, `steps`) set when the session is created. */
  globals?: string;
  /** Refuse to run (answer `missing`) when the worker holds no state for the session. */
  expectExisting: boolean;
}

export interface CloseSessionRequest {
  id: number;
  type: 'close';
  sessionId: string;
}

export type SandboxRequest = RunCellRequest | CloseSessionRequest;

export type SandboxReply =
  /**
   * `recycle`: the interpreter ran out of memory or failed inside itself, and QuickJS's heap may
   * not be sound afterwards, so the host replaces the whole thread (its sessions are lost).
   */
  | { id: number; type: 'outcome'; outcome: CellOutcome; recycle?: boolean }
  | { id: number; type: 'missing' }
  | { id: number; type: 'closed' };
