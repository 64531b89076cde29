import { ConfigError, loadConfig } from '@cw/platform';
import { QueueConfig } from './queue.config';

describe('QueueConfig', () => {
  it('defaults to the prefix cw with the relay on', () => {
    expect(loadConfig(QueueConfig, {})).toMatchObject({ QUEUE_PREFIX: 'cw', OUTBOX_RELAY: 'on' });
  });

  it('takes a prefix of one test file and switches the relay off', () => {
    expect(
      loadConfig(QueueConfig, { QUEUE_PREFIX: 'cwtest-1a2b', OUTBOX_RELAY: 'off' }),
    ).toMatchObject({ QUEUE_PREFIX: 'cwtest-1a2b', OUTBOX_RELAY: 'off' });
  });

  it('stops with one clear line on a prefix with spaces or a relay switch it does not know', () => {
    expect(() => loadConfig(QueueConfig, { QUEUE_PREFIX: 'my prefix' })).toThrow(
      new ConfigError(
        'Invalid setting QUEUE_PREFIX: QUEUE_PREFIX must be letters, digits, _ . : or -, starting with a letter or digit.',
      ),
    );
    expect(() => loadConfig(QueueConfig, { OUTBOX_RELAY: 'false' })).toThrow(
      /^Invalid setting OUTBOX_RELAY: OUTBOX_RELAY must be one of the following values: on, off\.$/,
    );
  });
});
