import { CodeSandbox, sessionMemoryCeiling } from './code-sandbox';
import type { CellOutcome } from './sandbox-types';

/** Past the tight sandbox's own deadline and its watchdog's grace, on a busy test machine. */
const SANDBOX_TEST_MS = 30_000;

const LIMITS = {
  timeoutMs: 1000,
  memoryBytes: 32 * 1024 * 1024,
  stdoutBytes: 64 * 1024,
  resultBytes: 1024 * 1024,
};

describe('the code sandbox (QuickJS, a worker thread per session)', () => {
  const sandbox = new CodeSandbox(LIMITS);
  /** Memory limits decided by memory, not by the clock of a busy test machine. */
  const tight = new CodeSandbox({ ...LIMITS, timeoutMs: 8000, memoryBytes: 8 * 1024 * 1024 });
  afterAll(() => Promise.all([sandbox.shutdown(), tight.shutdown()]));

  let session = 0;
  const cellIn = async (box: CodeSandbox, id: string, code: string): Promise<CellOutcome> => {
    const result = await box.run(id, code, { expectExisting: false });
    if (result.kind !== 'ran') throw new Error(`session ${id} missing`);
    return result.outcome;
  };
  const cell = (id: string, code: string): Promise<CellOutcome> => cellIn(sandbox, id, code);
  const fresh = (): string => `s${(session += 1)}`;

  it('keeps globals from cell to cell and returns the last expression as JSON', async () => {
    const id = fresh();
    expect(
      await cell(id, 'let total = 40; const add = (n) => total + n; var seen = []'),
    ).toMatchObject({
      status: 'ok',
      result: null,
      error: null,
    });
    expect(await cell(id, 'seen.push(add(2)); ({ total: add(2), seen, big: 10n })')).toMatchObject({
      status: 'ok',
      result: { total: 42, seen: [42], big: '10' },
    });
    expect((await cell(id, '(async () => add(1))()')).result).toBe(41);
  });

  it('captures console output and caps it at the stdout limit', async () => {
    const id = fresh();
    const printed = await cell(id, 'console.log("hello", { a: 1 }); console.error(2); 3');
    expect(printed).toMatchObject({ status: 'ok', result: 3, stdout: 'hello {"a":1}\n2\n' });
    const flood = await cell(
      id,
      'for (let i = 0; i < 100; i++) console.log("x".repeat(1000)); "done"',
    );
    expect(flood.status).toBe('ok');
    expect(Buffer.byteLength(flood.stdout)).toBeLessThan(LIMITS.stdoutBytes + 100);
    expect(flood.stdout).toContain('[stdout truncated at 65536 bytes]');
  });

  it('reports errors with their name and message, and the session goes on', async () => {
    const id = fresh();
    await cell(id, 'let kept = "still here"');
    expect(await cell(id, 'throw new TypeError("bad input")')).toMatchObject({
      status: 'error',
      error: { name: 'TypeError', message: 'bad input' },
    });
    expect(await cell(id, 'syntax error here')).toMatchObject({
      status: 'error',
      error: { name: 'SyntaxError' },
    });
    expect(await cell(id, 'Promise.reject(new RangeError("no"))')).toMatchObject({
      status: 'error',
      error: { name: 'RangeError', message: 'no' },
    });
    expect((await cell(id, 'kept')).result).toBe('still here');
  });

  it.each([
    ['an infinite loop', 'while (true) {}', 'timeout'],
    [
      'an infinite loop inside a promise',
      'Promise.resolve().then(() => { while (true) {} })',
      'timeout',
    ],
    ['an async infinite loop', '(async () => { for (;;) await null })()', 'timeout'],
    ['deep recursion', 'function down(n) { return down(n + 1) } down(0)', 'error'],
    [
      'deeply nested source',
      'new Function("return " + "(".repeat(50000) + "1" + ")".repeat(50000))()',
      'error',
    ],
    ['deeply nested JSON', 'JSON.parse("[".repeat(200000))', 'error'],
    ['a promise that never settles', 'new Promise(() => {})', 'error'],
  ])(
    'survives %s (%#) and the session stays usable',
    async (_what, code, status) => {
      const id = fresh();
      await cell(id, 'let alive = 1');
      const outcome = await cell(id, code);
      expect(outcome.status).toBe(status);
      expect(outcome.duration_ms).toBeLessThan(LIMITS.timeoutMs + 3000);
      expect(await cell(id, 'alive + 1')).toMatchObject({ status: 'ok', result: 2 });
    },
    SANDBOX_TEST_MS,
  );

  it.each([
    ['a huge allocation', 'new ArrayBuffer(512 * 1024 * 1024).byteLength'],
    ['a growing array', 'new Array(1e8).fill(0).length'],
    [
      'a flood of small objects',
      'const many = []; for (let i = 0; ; i++) many.push({ i, a: [i], s: "k" + i })',
    ],
    ['a 100 MB string', '"x".repeat(100 * 1024 * 1024).length'],
  ])(
    'stops %s at the memory limit, then replaces the interpreter: the session reads as missing, a new one works',
    async (_what, code) => {
      const id = fresh();
      await cellIn(tight, id, 'let alive = 1');
      expect(await cellIn(tight, id, code)).toMatchObject({ status: 'memory_limit', result: null });
      expect(await tight.run(id, 'alive', { expectExisting: true })).toEqual({ kind: 'missing' });
      expect(await cellIn(tight, fresh(), '6 * 7')).toMatchObject({ status: 'ok', result: 42 });
    },
    SANDBOX_TEST_MS,
  );

  it(
    'replaces a thread stuck past the watchdog, answering timeout',
    async () => {
      const id = fresh();
      await cell(id, 'let alive = 1');
      // A concatenation at the memory limit spends seconds in native code, out of the interrupt's reach.
      const outcome = await cell(
        id,
        'const parts = []; for (let i = 0; ; i++) parts.push("z".repeat(1 << 20) + i)',
      );
      expect(['timeout', 'memory_limit']).toContain(outcome.status);
      expect(await sandbox.run(id, 'alive', { expectExisting: true })).toEqual({ kind: 'missing' });
      expect(await cell(fresh(), '1 + 1')).toMatchObject({ status: 'ok', result: 2 });
    },
    SANDBOX_TEST_MS,
  );

  it('returns a 10 MB string only up to the result limit, and can still count it', async () => {
    const id = fresh();
    expect(await cell(id, 'const ten = "y".repeat(10 * 1024 * 1024); ten')).toMatchObject({
      status: 'error',
      error: { name: 'RangeError' },
    });
    expect((await cell(id, 'ten.length')).result).toBe(10 * 1024 * 1024);
  });

  it('reaches nothing of the host: no require, process, network, timers or file system', async () => {
    const outcome = await cell(
      fresh(),
      '[typeof require, typeof process, typeof fetch, typeof setTimeout, typeof XMLHttpRequest, typeof globalThis.std, typeof globalThis.os, typeof WebAssembly]',
    );
    expect(outcome.result).toEqual(Array(8).fill('undefined'));
  });

  it('hands in read-only globals for a one-off evaluation', async () => {
    const globals = {
      inputs: { topic: 'billing' },
      steps: { draft: { output: 'Weekly billing' } },
    };
    expect(
      await sandbox.evaluate('steps.draft.output.includes(inputs.topic)', globals),
    ).toMatchObject({ status: 'ok', result: true });
    expect(await sandbox.evaluate('"use strict"; inputs.topic = "x"', globals)).toMatchObject({
      status: 'error',
      error: { name: 'TypeError' },
    });
    expect((await sandbox.evaluate('inputs = 1; inputs.topic', globals)).result).toBe('billing');
  });

  it('serves one-off evaluations from vacant threads that keep nothing of the last one', async () => {
    const box = new CodeSandbox(LIMITS);
    try {
      const leaked = await box.evaluate('globalThis.leak = "a"; var carried = 1; leak', {
        inputs: { topic: 'a' },
      });
      expect(leaked).toMatchObject({ status: 'ok', result: 'a' });
      const startedAfterFirst = box.usage().threadsStarted;
      for (let round = 0; round < 20; round += 1) {
        const next = await box.evaluate('[typeof leak, typeof carried, inputs.topic]', {
          inputs: { topic: `t${round}` },
        });
        expect(next.result).toEqual(['undefined', 'undefined', `t${round}`]);
      }
      // Twenty evaluations one after another ran on vacant threads: none started.
      expect(box.usage().sessions).toBe(0);
      expect(box.usage().threadsStarted).toBe(startedAfterFirst);
      // Two at a time, twenty times: the two spares serve them all.
      for (let round = 0; round < 20; round += 1) {
        const pair = await Promise.all(
          ['a', 'b'].map((topic) => box.evaluate('inputs.topic', { inputs: { topic } })),
        );
        expect(pair.map((outcome) => outcome.result)).toEqual(['a', 'b']);
      }
      expect(box.usage().threadsStarted).toBeLessThanOrEqual(startedAfterFirst + 1);
    } finally {
      await box.shutdown();
    }
  });

  it('keeps sessions apart and reports a session it does not hold as missing', async () => {
    const a = fresh();
    const b = fresh();
    await cell(a, 'let secret = "a"');
    expect((await cell(b, 'typeof secret')).result).toBe('undefined');
    expect(await sandbox.run(fresh(), '1', { expectExisting: true })).toEqual({ kind: 'missing' });
    sandbox.close(a);
    expect(await sandbox.run(a, 'secret', { expectExisting: true })).toEqual({ kind: 'missing' });
  });

  it(
    'ends an allocation loop of 1 MB strings at the memory limit, fast, not by the watchdog',
    async () => {
      const id = fresh();
      await cellIn(tight, id, 'let alive = 1');
      const outcome = await cellIn(tight, id, "let a = []; while (true) a.push('x'.repeat(1e6))");
      expect(outcome).toMatchObject({
        status: 'memory_limit',
        error: { name: 'InternalError', message: 'out of memory' },
      });
      // The watchdog would answer only after the deadline and its grace (8 s + 2 s here).
      expect(outcome.duration_ms).toBeLessThan(5000);
      expect(await tight.run(id, 'alive', { expectExisting: true })).toEqual({ kind: 'missing' });
      expect(await cellIn(tight, fresh(), '6 * 7')).toMatchObject({ status: 'ok', result: 42 });
    },
    SANDBOX_TEST_MS,
  );

  it(
    "answers one person's 1 + 1 at once while another person's endless cells run",
    async () => {
      const noisy = [fresh(), fresh(), fresh()];
      const endless = noisy.map((id) =>
        sandbox.run(id, 'while (true) {}', { expectExisting: false, owner: 'person-a' }),
      );
      let endlessDone = 0;
      for (const cellRun of endless) void cellRun.then(() => (endlessDone += 1));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      const quiet = await sandbox.run(fresh(), '1 + 1', {
        expectExisting: false,
        owner: 'person-b',
      });
      const waited = Date.now() - started;
      expect(quiet).toMatchObject({ kind: 'ran', outcome: { status: 'ok', result: 2 } });
      expect(quiet.kind === 'ran' && quiet.outcome.duration_ms).toBeLessThan(500);
      // Generous for a busy machine; A's three cells take three turns of 1 s each.
      expect(waited).toBeLessThan(1500);
      expect(endlessDone).toBeLessThan(3);
      const ended = await Promise.all(endless);
      expect(ended.map((result) => result.kind === 'ran' && result.outcome.status)).toEqual([
        'timeout',
        'timeout',
        'timeout',
      ]);
    },
    SANDBOX_TEST_MS,
  );

  it(
    "starts a cell's deadline when it starts: two 4-second cells of one person sent together both end ok",
    async () => {
      const patient = new CodeSandbox({ ...LIMITS, timeoutMs: 5000 });
      try {
        const fourSeconds =
          'const until = Date.now() + 4000; let spins = 0; while (Date.now() < until) spins++; "done"';
        const both = await Promise.all(
          ['one', 'two'].map((id) =>
            patient.run(id, fourSeconds, { expectExisting: false, owner: 'person-a' }),
          ),
        );
        expect(both).toEqual([
          { kind: 'ran', outcome: expect.objectContaining({ status: 'ok', result: 'done' }) },
          { kind: 'ran', outcome: expect.objectContaining({ status: 'ok', result: 'done' }) },
        ]);
      } finally {
        await patient.shutdown();
      }
    },
    SANDBOX_TEST_MS,
  );

  it(
    'keeps every thread within the memory budget, ending idle sessions least recently used first',
    async () => {
      const memoryBytes = 24 * 1024 * 1024;
      const budget = 100 * 1024 * 1024;
      const pooled = new CodeSandbox(
        { ...LIMITS, timeoutMs: 8000, memoryBytes },
        { concurrency: 1, memoryBudgetBytes: budget },
      );
      try {
        const ids = ['m1', 'm2', 'm3', 'm4', 'm5'];
        for (const id of ids) {
          const held = await cellIn(
            pooled,
            id,
            'const big = "x".repeat(20 * 1024 * 1024); big.length',
          );
          expect(held).toMatchObject({ status: 'ok', result: 20 * 1024 * 1024 });
          expect(pooled.usage().chargedBytes).toBeLessThanOrEqual(budget);
        }
        // Two sessions at about 36 MB each fit beside a running cell's reserve; the oldest went.
        expect(await pooled.run('m1', 'big.length', { expectExisting: true })).toEqual({
          kind: 'missing',
        });
        expect(await pooled.run('m5', 'big.length', { expectExisting: true })).toMatchObject({
          kind: 'ran',
          outcome: { status: 'ok', result: 20 * 1024 * 1024 },
        });
        expect(pooled.usage().sessions).toBeLessThan(ids.length);
        expect(pooled.usage().chargedBytes).toBeLessThanOrEqual(budget);
      } finally {
        await pooled.shutdown();
      }
    },
    SANDBOX_TEST_MS,
  );

  it('refuses a memory budget below what its running cells may reach', () => {
    expect(
      () =>
        new CodeSandbox(LIMITS, {
          concurrency: 4,
          memoryBudgetBytes: 3 * sessionMemoryCeiling(LIMITS.memoryBytes),
        }),
    ).toThrow(/memory budget/);
  });
});
