import { execFile } from 'node:child_process';
import { join } from 'node:path';

const ENTRY = join(__dirname, '../../../dist/apps/api-gateway/src/main.js');

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runGateway(env: Record<string, string>): Promise<Exit> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [ENTRY],
      { env: { PATH: process.env.PATH, ...env }, timeout: 20_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe('a service entry point (the compiled gateway)', () => {
  it('stops on PORT=abc with exit code 1 and one line naming the setting, before Nest starts', async () => {
    const exit = await runGateway({
      PORT: 'abc',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    expect(exit.code).toBe(1);
    expect(exit.stdout).toBe('');
    expect(exit.stderr).toBe(
      'api-gateway: Invalid setting PORT: PORT must be an integer number.\n',
    );
  }, 30_000);
});
