/** What the supervisor needs of a child process (a `ChildProcess`, or a fake in unit tests). */
export interface SupervisedChild {
  readonly pid?: number;
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): this;
  kill(signal?: NodeJS.Signals): boolean;
}

export interface RestartPolicy {
  /** Wait before the first restart; each quick failure after it doubles the wait. */
  firstDelayMs: number;
  /** The longest wait between two restarts. */
  maxDelayMs: number;
  /** A child that stayed up this long was healthy: its next restart waits `firstDelayMs` again. */
  stableAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  firstDelayMs: 500,
  maxDelayMs: 30_000,
  stableAfterMs: 60_000,
};

export interface SupervisorOptions<C extends SupervisedChild> {
  name: string;
  /** Starts a fresh child (same command, same port). */
  spawn: () => C;
  /** Where the children write their output; named in every restart line. */
  logFile: string;
  /** One console line per event. */
  say: (line: string) => void;
  policy?: RestartPolicy;
}

const alive = (child: SupervisedChild): boolean =>
  child.exitCode === null && child.signalCode === null;

const describeExit = (code: number | null, signal: NodeJS.Signals | null): string =>
  signal ? `signal ${signal}` : `exit code ${code}`;

/**
 * Keeps one service running, as Kubernetes keeps a pod's container: once `restartOnExit()` was
 * called, a child that exits is started again after an exponential backoff (capped, and reset
 * once a child stays up), and each restart is reported with how the child ended. `stop()` ends
 * supervision first, so nothing is restarted while stopping.
 */
export class Supervisor<C extends SupervisedChild> {
  private current: C;
  private startedAt = Date.now();
  private quickFailures = 0;
  private restarting = false;
  private stopping = false;
  private pendingRestart?: NodeJS.Timeout;
  private readonly policy: RestartPolicy;

  constructor(private readonly options: SupervisorOptions<C>) {
    this.policy = options.policy ?? DEFAULT_RESTART_POLICY;
    this.current = this.launch();
  }

  /** The child running now (a new one after each restart). */
  get child(): C {
    return this.current;
  }

  /** From now on an exit is a failure to recover from, not the end (start-up has succeeded). */
  restartOnExit(): void {
    this.restarting = true;
    if (!alive(this.current)) this.scheduleRestart(this.current.exitCode, this.current.signalCode);
  }

  /** Ends supervision, then SIGTERM; SIGKILL if the child has not exited after `graceMs`. */
  stop(graceMs: number): Promise<void> {
    this.stopping = true;
    clearTimeout(this.pendingRestart);
    const child = this.current;
    if (!alive(child)) return Promise.resolve();
    return new Promise((resolve) => {
      const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  private launch(): C {
    const child = this.options.spawn();
    this.startedAt = Date.now();
    child.once('exit', (code, signal) => {
      if (this.restarting && child === this.current) this.scheduleRestart(code, signal);
    });
    return child;
  }

  private scheduleRestart(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopping) return;
    const upFor = Date.now() - this.startedAt;
    if (upFor >= this.policy.stableAfterMs) this.quickFailures = 0;
    const delay = Math.min(
      this.policy.maxDelayMs,
      this.policy.firstDelayMs * 2 ** this.quickFailures,
    );
    this.quickFailures += 1;
    const { name, logFile, say } = this.options;
    say(
      `${name} stopped (${describeExit(code, signal)}) after ${(upFor / 1000).toFixed(1)} s; ` +
        `restarting in ${(delay / 1000).toFixed(1)} s; log: ${logFile}`,
    );
    this.pendingRestart = setTimeout(() => {
      if (this.stopping) return;
      this.current = this.launch();
      say(`${name} restarted (pid ${this.current.pid ?? '?'})`);
    }, delay);
  }
}
