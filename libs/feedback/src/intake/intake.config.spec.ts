import { ConfigError } from '@cw/platform';
import { loadIntakeConfig } from './intake.config';

describe('intake settings', () => {
  it('leaves intake and the webhook unconfigured by default, sweeping every 30 s', () => {
    const config = loadIntakeConfig({});
    expect(config.INTERNAL_API_TOKEN).toBeUndefined();
    expect(config.GITHUB_WEBHOOK_SECRET).toBeUndefined();
    expect(config.FEEDBACK_LEASE_SWEEP_SECONDS).toBe(30);
  });

  it('treats empty values as unset', () => {
    const config = loadIntakeConfig({ INTERNAL_API_TOKEN: '', GITHUB_WEBHOOK_SECRET: '' });
    expect(config.INTERNAL_API_TOKEN).toBeUndefined();
    expect(config.GITHUB_WEBHOOK_SECRET).toBeUndefined();
  });

  it('refuses a short internal token and a sweep interval out of range, in one line', () => {
    expect(() => loadIntakeConfig({ INTERNAL_API_TOKEN: 'short' })).toThrow(
      new ConfigError(
        'Invalid setting INTERNAL_API_TOKEN: INTERNAL_API_TOKEN must be at least 16 characters long.',
      ),
    );
    expect(() => loadIntakeConfig({ FEEDBACK_LEASE_SWEEP_SECONDS: '0' })).toThrow(ConfigError);
    expect(() => loadIntakeConfig({ FEEDBACK_LEASE_SWEEP_SECONDS: 'soon' })).toThrow(ConfigError);
  });
});
