import type { components } from '@cw/api-client';
import { SingleBar } from 'cli-progress';
import type { Output } from '../output/output';

type RunView = components['schemas']['RunViewDto'];

/** Shows a run's steps while `cw run --wait` polls: a bar on a terminal, a line per change else. */
export class RunProgress {
  private bar: SingleBar | undefined;
  private lastLine = '';

  constructor(private readonly out: Output) {}

  update(run: RunView): void {
    const step = run.current_step ?? '-';
    if (this.out.stderrIsTerminal) {
      if (!this.bar) {
        this.bar = new SingleBar({
          format: ' {bar} {value}/{total} steps | {status} | {step}',
          stream: process.stderr,
          hideCursor: true,
          clearOnComplete: false,
          barsize: 24,
        });
        this.bar.start(run.progress.total, run.progress.done, { status: run.status, step });
      }
      this.bar.setTotal(run.progress.total);
      this.bar.update(run.progress.done, { status: run.status, step });
      return;
    }
    if (this.out.json) return;
    const line = `${run.status}: ${run.progress.done}/${run.progress.total} steps${run.current_step ? `, at ${run.current_step}` : ''}`;
    if (line !== this.lastLine) this.out.note(line);
    this.lastLine = line;
  }

  stop(): void {
    this.bar?.stop();
  }
}
