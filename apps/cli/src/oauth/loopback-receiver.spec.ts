import { CliError, ExitCode } from '../exit-codes';
import { listenOnLoopback } from './loopback-receiver';

describe('the loopback redirect receiver of cw login', () => {
  it('answers 400 to a redirect with another state and keeps waiting for its own', async () => {
    const receiver = await listenOnLoopback(0);
    try {
      expect(receiver.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      const code = receiver.waitForCode('right-state', 5_000);
      const forged = await fetch(`${receiver.redirectUri}?code=forged&state=wrong`);
      expect(forged.status).toBe(400);
      const missing = await fetch(`${receiver.redirectUri}?code=forged`);
      expect(missing.status).toBe(400);
      const real = await fetch(`${receiver.redirectUri}?code=the-code&state=right-state`);
      expect(real.status).toBe(200);
      await expect(code).resolves.toBe('the-code');
    } finally {
      receiver.close();
    }
  });

  it('turns a refusal on the consent page into exit 4 with the error', async () => {
    const receiver = await listenOnLoopback(0);
    try {
      const code = receiver.waitForCode('s', 5_000).catch((error: unknown) => error);
      await fetch(`${receiver.redirectUri}?error=access_denied&state=s`);
      const failure = (await code) as CliError;
      expect(failure).toBeInstanceOf(CliError);
      expect(failure.exitCode).toBe(ExitCode.accessDenied);
      expect(failure.message).toContain('access_denied');
    } finally {
      receiver.close();
    }
  });

  it('gives up after its timeout and serves nothing but /callback', async () => {
    const receiver = await listenOnLoopback(0);
    try {
      const code = receiver.waitForCode('s', 200);
      const other = await fetch(receiver.redirectUri.replace('/callback', '/elsewhere'));
      expect(other.status).toBe(404);
      await expect(code).rejects.toMatchObject({ code: 'LOGIN_TIMEOUT' });
    } finally {
      receiver.close();
    }
  });

  it('refuses a port that is taken, so cw registers a new one', async () => {
    const first = await listenOnLoopback(0);
    const port = Number(new URL(first.redirectUri).port);
    try {
      await expect(listenOnLoopback(port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      first.close();
    }
  });
});
