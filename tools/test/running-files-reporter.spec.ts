import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import RunningFilesReporter, {
  filesStillRunning,
  RUNNING_FILES_LOG_ENV,
} from './running-files-reporter';

describe('the running-files reporter', () => {
  it('names the files that started and did not end, paths with spaces included', () => {
    const log = [
      'start /repo/a.int-spec.ts',
      'start /repo/my dir/b.int-spec.ts',
      'end /repo/a.int-spec.ts',
      'start /repo/c.e2e-spec.ts',
      '',
    ].join('\n');
    expect(filesStillRunning(log)).toEqual(['/repo/my dir/b.int-spec.ts', '/repo/c.e2e-spec.ts']);
    expect(filesStillRunning('')).toEqual([]);
  });

  it('appends a line as each file starts and ends to the file its environment names', () => {
    const log = join(mkdtempSync(join(tmpdir(), 'running-files-')), 'running.log');
    process.env[RUNNING_FILES_LOG_ENV] = log;
    try {
      const reporter = new RunningFilesReporter();
      reporter.onTestFileStart({ path: '/repo/a.spec.ts' });
      reporter.onTestFileStart({ path: '/repo/b.spec.ts' });
      reporter.onTestFileResult({ path: '/repo/a.spec.ts' });
      expect(readFileSync(log, 'utf8')).toBe(
        'start /repo/a.spec.ts\nstart /repo/b.spec.ts\nend /repo/a.spec.ts\n',
      );
      expect(filesStillRunning(readFileSync(log, 'utf8'))).toEqual(['/repo/b.spec.ts']);
    } finally {
      delete process.env[RUNNING_FILES_LOG_ENV];
    }
  });
});
