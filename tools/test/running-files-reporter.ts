import { appendFileSync } from 'node:fs';

/** The environment variable naming the file the reporter appends to. */
export const RUNNING_FILES_LOG_ENV = 'JEST_RUNNING_FILES_LOG';

interface TestFile {
  path: string;
}

/**
 * A jest reporter that appends `start <file>` and `end <file>` as each test file starts and ends,
 * so `npm test` can name the files still running when it gives up on a jest run past its limit.
 */
export default class RunningFilesReporter {
  private readonly log = process.env[RUNNING_FILES_LOG_ENV];

  onTestFileStart(test: TestFile): void {
    this.write('start', test);
  }

  onTestFileResult(test: TestFile): void {
    this.write('end', test);
  }

  private write(event: 'start' | 'end', test: TestFile): void {
    if (this.log) appendFileSync(this.log, `${event} ${test.path}\n`);
  }
}

/** The files a log of this reporter shows started and not ended. */
export function filesStillRunning(log: string): string[] {
  const running = new Set<string>();
  for (const line of log.split('\n')) {
    const [event, ...path] = line.split(' ');
    if (event === 'start') running.add(path.join(' '));
    if (event === 'end') running.delete(path.join(' '));
  }
  return [...running];
}
