import { EventEmitter } from 'node:events';
import { type RestartPolicy, type SupervisedChild, Supervisor } from './supervisor';

let nextPid = 100;

class FakeChild extends EventEmitter implements SupervisedChild {
  readonly pid = nextPid++;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  readonly signals: NodeJS.Signals[] = [];

  constructor(private readonly obeysSigterm = true) {
    super();
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    this.signals.push(signal);
    if (signal === 'SIGKILL' || this.obeysSigterm) this.die(null, signal);
    return true;
  }

  die(code: number | null, signal: NodeJS.Signals | null = null): void {
    this.exitCode = code;
    this.signalCode = signal;
    this.emit('exit', code, signal);
  }
}

const policy: RestartPolicy = { firstDelayMs: 500, maxDelayMs: 4000, stableAfterMs: 60_000 };

function supervised(options: { obeysSigterm?: boolean } = {}) {
  const children: FakeChild[] = [];
  const lines: string[] = [];
  const supervisor = new Supervisor({
    name: 'wiki-service',
    logFile: '/logs/wiki-service.log',
    say: (line) => lines.push(line),
    policy,
    spawn: () => {
      const child = new FakeChild(options.obeysSigterm);
      children.push(child);
      return child;
    },
  });
  return { supervisor, children, lines };
}

describe('Supervisor', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('restarts a child that died, after a backoff that doubles and is capped', () => {
    const { supervisor, children, lines } = supervised();
    supervisor.restartOnExit();
    const waits: number[] = [];
    for (let crash = 0; crash < 5; crash += 1) {
      const before = children.length;
      supervisor.child.die(null, 'SIGKILL');
      let waited = 0;
      while (children.length === before) {
        jest.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 4000]);
    expect(supervisor.child).toBe(children.at(-1));
    expect(lines[0]).toBe(
      'wiki-service stopped (signal SIGKILL) after 0.0 s; restarting in 0.5 s; log: /logs/wiki-service.log',
    );
    expect(lines[1]).toBe(`wiki-service restarted (pid ${children[1].pid})`);
  });

  it('names the exit code, and waits the first delay again after a child stayed up', () => {
    const { supervisor, children, lines } = supervised();
    supervisor.restartOnExit();
    supervisor.child.die(1);
    jest.advanceTimersByTime(500);
    supervisor.child.die(1);
    jest.advanceTimersByTime(1000);
    expect(children).toHaveLength(3);
    jest.advanceTimersByTime(policy.stableAfterMs);
    supervisor.child.die(1);
    expect(lines.at(-1)).toBe(
      'wiki-service stopped (exit code 1) after 60.0 s; restarting in 0.5 s; log: /logs/wiki-service.log',
    );
    jest.advanceTimersByTime(500);
    expect(children).toHaveLength(4);
  });

  it('leaves a child that dies during start-up dead, and restarts it once supervision begins', () => {
    const { supervisor, children } = supervised();
    supervisor.child.die(1);
    jest.advanceTimersByTime(10_000);
    expect(children).toHaveLength(1);
    supervisor.restartOnExit();
    jest.advanceTimersByTime(500);
    expect(children).toHaveLength(2);
  });

  it('restarts nothing while stopping: neither the child stopped nor one waiting for its restart', async () => {
    const first = supervised();
    first.supervisor.restartOnExit();
    await first.supervisor.stop(10_000);
    expect(first.children[0].signals).toEqual(['SIGTERM']);
    jest.advanceTimersByTime(60_000);
    expect(first.children).toHaveLength(1);

    const second = supervised();
    second.supervisor.restartOnExit();
    second.supervisor.child.die(null, 'SIGSEGV');
    await second.supervisor.stop(10_000);
    jest.advanceTimersByTime(60_000);
    expect(second.children).toHaveLength(1);
  });

  it('kills a child that ignores SIGTERM once the grace period is over', async () => {
    const { supervisor, children } = supervised({ obeysSigterm: false });
    supervisor.restartOnExit();
    const stopped = supervisor.stop(10_000);
    jest.advanceTimersByTime(9_999);
    expect(children[0].signals).toEqual(['SIGTERM']);
    jest.advanceTimersByTime(1);
    await stopped;
    expect(children[0].signals).toEqual(['SIGTERM', 'SIGKILL']);
    jest.advanceTimersByTime(60_000);
    expect(children).toHaveLength(1);
  });
});
