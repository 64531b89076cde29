import type { Logger } from '@nestjs/common';

/**
 * A background pass a worker process repeats (reconcilers, sweeps): every `intervalMs`, never two
 * at once (a pass still running when the next is due makes that one skip), and a failed pass is
 * logged as a warning and tried again at the next interval.
 */
export class PeriodicPass {
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    /** What the pass does, for the warning: "hook delivery reconciliation". */
    private readonly what: string,
    private readonly pass: () => Promise<unknown>,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  /** Repeats the pass every `intervalMs` (with `now`, the first one runs at once). */
  start(intervalMs: number, { now = false }: { now?: boolean } = {}): void {
    this.stop();
    if (now) void this.run();
    this.timer = setInterval(() => void this.run(), intervalMs);
    // The process's servers and connections keep it alive; the pass alone does not.
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One pass, unless one is running; resolves once it has ended, failed or been skipped. */
  async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.pass();
    } catch (error) {
      this.logger.warn(`${this.what} failed: ${(error as Error).message}`);
    } finally {
      this.running = false;
    }
  }
}
