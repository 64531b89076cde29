import { randomBytes } from 'node:crypto';
import { ConfigError } from '@cw/platform';
import { loadHooksConfig } from './hooks.config';

const KEY = randomBytes(32).toString('base64');

describe('the hooks settings', () => {
  it('default to the spec’s retry schedule and receiver deadline', () => {
    expect(loadHooksConfig({ HOOKS_SECRET_KEY: KEY })).toMatchObject({
      HOOKS_RETRY_BASE_SECONDS: 30,
      HOOKS_RETRY_MAX_SECONDS: 3600,
      HOOKS_TIMEOUT_MS: 10_000,
      allowLoopback: false,
      HOOKS_WORKER: 'on',
    });
  });

  it('cap what one person holds: 50 live subscriptions, 10 live callbacks a report; 0 refused', () => {
    expect(loadHooksConfig({})).toMatchObject({
      HOOKS_SUBSCRIPTIONS_PER_PERSON: 50,
      HOOKS_CALLBACKS_PER_REPORT: 10,
    });
    expect(() => loadHooksConfig({ HOOKS_SUBSCRIPTIONS_PER_PERSON: '0' })).toThrow(
      /^Invalid setting HOOKS_SUBSCRIPTIONS_PER_PERSON: /,
    );
    expect(() => loadHooksConfig({ HOOKS_CALLBACKS_PER_REPORT: 'many' })).toThrow(
      /^Invalid setting HOOKS_CALLBACKS_PER_REPORT: /,
    );
  });

  it('take tiny retry waits for tests', () => {
    expect(
      loadHooksConfig({ HOOKS_RETRY_BASE_SECONDS: '0.05', HOOKS_RETRY_MAX_SECONDS: '0.4' }),
    ).toMatchObject({ HOOKS_RETRY_BASE_SECONDS: 0.05, HOOKS_RETRY_MAX_SECONDS: 0.4 });
  });

  it('refuse the loopback switch and a missing secret key in production, with one line', () => {
    expect(() =>
      loadHooksConfig({
        NODE_ENV: 'production',
        HOOKS_SECRET_KEY: KEY,
        HOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
      }),
    ).toThrow(
      new ConfigError(
        'Invalid setting HOOKS_ALLOW_LOOPBACK_FOR_TESTS: test-only, refused when NODE_ENV=production.',
      ),
    );
    expect(() => loadHooksConfig({ NODE_ENV: 'production' })).toThrow(
      /^Invalid setting HOOKS_SECRET_KEY: required when NODE_ENV=production/,
    );
  });

  it('stop with one line on a value out of range', () => {
    expect(() => loadHooksConfig({ HOOKS_TIMEOUT_MS: '5' })).toThrow(
      /^Invalid setting HOOKS_TIMEOUT_MS: /,
    );
    expect(() => loadHooksConfig({ HOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'yes' })).toThrow(
      /^Invalid setting HOOKS_ALLOW_LOOPBACK_FOR_TESTS: /,
    );
  });
});
