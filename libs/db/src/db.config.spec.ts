import { ConfigError, loadConfig } from '@cw/platform';
import { DbConfig } from './db.config';

describe('DbConfig', () => {
  it('takes the service name as it is, and none when unset', () => {
    expect(loadConfig(DbConfig, { SERVICE_NAME: 'wiki-service' }).SERVICE_NAME).toBe(
      'wiki-service',
    );
    expect(loadConfig(DbConfig, {}).SERVICE_NAME).toBeUndefined();
  });

  it('stops with one clear line on a name Postgres would cut or mangle', () => {
    expect(() => loadConfig(DbConfig, { SERVICE_NAME: 'x'.repeat(64) })).toThrow(
      new ConfigError(
        'Invalid setting SERVICE_NAME: SERVICE_NAME must be at most 63 printable ASCII characters.',
      ),
    );
    expect(() => loadConfig(DbConfig, { SERVICE_NAME: 'wiki-sérvice' })).toThrow(ConfigError);
  });

  it('prepares the marked statements unless DB_PREPARED_STATEMENTS is off', () => {
    expect(loadConfig(DbConfig, {}).DB_PREPARED_STATEMENTS).toBe('on');
    expect(loadConfig(DbConfig, { DB_PREPARED_STATEMENTS: 'off' }).DB_PREPARED_STATEMENTS).toBe(
      'off',
    );
    expect(() => loadConfig(DbConfig, { DB_PREPARED_STATEMENTS: 'no' })).toThrow(ConfigError);
  });
});
