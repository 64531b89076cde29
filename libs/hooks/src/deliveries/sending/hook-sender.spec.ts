import { systemResolver } from '@cw/outbound';
import { loadHooksConfig } from '../../hooks.config';
import { type HookReceiver, startHookReceiver } from '../../testing/hook-receiver';
import { HookSender } from './hook-sender';

const TIMEOUT_MS = 300;
const BODY = Buffer.from('{"id":"r1"}');

describe('HookSender', () => {
  let receiver: HookReceiver;
  let sender: HookSender;

  beforeAll(async () => {
    receiver = await startHookReceiver();
    sender = new HookSender(
      loadHooksConfig({
        NODE_ENV: 'test',
        HOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
        HOOKS_TIMEOUT_MS: String(TIMEOUT_MS),
        HOOKS_CONCURRENCY: '4',
      }),
      systemResolver,
    );
  });

  afterAll(async () => {
    await receiver.close();
    await sender.onModuleDestroy();
  });

  it('answers the status of each attempt, many at once, and clears their deadlines', async () => {
    receiver.answerWith(() => 204);
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout');
    const before = timers().length;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => sender.send(receiver.url, {}, BODY)),
    );
    expect(results).toEqual(Array(20).fill({ kind: 'answered', status: 204 }));
    expect(timers().length).toBeLessThanOrEqual(before);
  });

  it('ends an attempt whose receiver never answers as a timeout, at the deadline', async () => {
    receiver.answerWith(() => 'hang');
    const started = Date.now();
    await expect(sender.send(receiver.url, {}, BODY)).resolves.toEqual({ kind: 'timeout' });
    const took = Date.now() - started;
    // The timer counts from the event loop's cached clock, which may lag Date.now() a little.
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(took).toBeLessThan(TIMEOUT_MS + 2_000);
  });

  it('ends an attempt whose answer headers come but whose body never ends, with its status', async () => {
    receiver.answerWith(() => ({ status: 200, headers: { 'content-length': '100' } }));
    await expect(sender.send(receiver.url, {}, BODY)).resolves.toEqual({
      kind: 'answered',
      status: 200,
    });
  });

  it('calls a reset connection a request error', async () => {
    receiver.answerWith(() => 'reset');
    await expect(sender.send(receiver.url, {}, BODY)).resolves.toEqual({ kind: 'request_error' });
  });
});
