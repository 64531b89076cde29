import { ConfigError, loadConfig } from './load-config';
import { PlatformConfig } from './platform.config';

const valid = { DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://h:1' };

describe('PlatformConfig', () => {
  it('reads PORT as a number, and leaves it to the service when unset', () => {
    expect(loadConfig(PlatformConfig, { ...valid, PORT: '3101' }).PORT).toBe(3101);
    expect(loadConfig(PlatformConfig, valid).PORT).toBeUndefined();
    expect(loadConfig(PlatformConfig, { ...valid, PORT: '' }).PORT).toBeUndefined();
  });

  it('stops with one clear line on a PORT that is not a port', () => {
    for (const port of ['abc', '3000.5', '70000', '-1']) {
      expect(() => loadConfig(PlatformConfig, { ...valid, PORT: port })).toThrow(ConfigError);
    }
    expect(() => loadConfig(PlatformConfig, { ...valid, PORT: 'abc' })).toThrow(
      new ConfigError('Invalid setting PORT: PORT must be an integer number.'),
    );
    expect(() => loadConfig(PlatformConfig, { ...valid, PORT: '70000' })).toThrow(
      new ConfigError('Invalid setting PORT: PORT must not be greater than 65535.'),
    );
  });
});
