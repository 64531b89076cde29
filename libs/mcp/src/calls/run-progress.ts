import type { ProgressToken, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { asRecord } from './json-record';

type Send = (notification: ServerNotification) => Promise<void>;

/**
 * `notifications/progress` of a run being waited for: progress = steps done, total = steps,
 * message = the current step. Sent only when the steps done grew since the last one (the MCP
 * specification wants progress to increase with every notification), and never once `end()` ran,
 * so nothing follows the result.
 */
export class RunProgress {
  private lastDone = -1;
  private ended = false;

  constructor(
    private readonly token: ProgressToken,
    private readonly send: Send,
  ) {}

  /** A reporter when the request carried `_meta.progressToken`; none without one. */
  static of(
    meta: { progressToken?: ProgressToken } | undefined,
    send: Send,
  ): RunProgress | undefined {
    return meta?.progressToken === undefined
      ? undefined
      : new RunProgress(meta.progressToken, send);
  }

  /** Reports one poll of the run view, when its steps done changed. */
  async observe(view: Record<string, unknown>): Promise<void> {
    const { done, total } = asRecord(view.progress);
    if (this.ended || typeof done !== 'number' || done <= this.lastDone) return;
    this.lastDone = done;
    const step = view.current_step;
    await this.send({
      method: 'notifications/progress',
      params: {
        progressToken: this.token,
        progress: done,
        ...(typeof total === 'number' ? { total } : {}),
        message: typeof step === 'string' ? step : `run ${String(view.status)}`,
      },
    });
  }

  end(): void {
    this.ended = true;
  }
}
