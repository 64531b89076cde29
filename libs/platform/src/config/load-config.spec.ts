import { ConfigError, loadConfig } from './load-config';
import { PlatformConfig } from './platform.config';

const valid = { DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://h:1' };

describe('loadConfig', () => {
  it('applies defaults and converts declared types', () => {
    const config = loadConfig(PlatformConfig, { ...valid, DB_POOL_SIZE: '7' });
    expect(config.DB_POOL_SIZE).toBe(7);
    expect(config.NODE_ENV).toBe('development');
  });

  it('stops with one clear line naming the bad setting', () => {
    expect(() => loadConfig(PlatformConfig, { ...valid, DB_POOL_SIZE: 'lots' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig(PlatformConfig, { ...valid, DB_POOL_SIZE: 'lots' })).toThrow(
      /^Invalid setting DB_POOL_SIZE: DB_POOL_SIZE must be an integer number/,
    );
    expect(() => loadConfig(PlatformConfig, { REDIS_URL: 'redis://h' })).toThrow(
      /Invalid setting DATABASE_URL/,
    );
  });
});
