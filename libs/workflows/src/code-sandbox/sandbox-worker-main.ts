/* eslint-disable @typescript-eslint/no-require-imports -- this function runs as the source of an
   eval'd worker thread, where it must load its modules itself. */
import type { CellOutcome, CellStatus, SandboxReply, SandboxRequest } from './sandbox-types';

/**
 * The body of the sandbox worker thread. It is started from its own source text
 * (`sandboxWorkerMain.toString()`), so it must not refer to anything outside itself: it loads
 * what it needs with `require` and receives the QuickJS module's path in `workerData`.
 * Each session is one QuickJS runtime (its own heap, memory limit and stack limit) holding one
 * context whose globals persist from cell to cell. QuickJS has no `require`, `process`, file
 * system, network or timers: nothing of the host is reachable unless handed in, and only
 * `console` is.
 */
export function sandboxWorkerMain(): void {
  const threads = require('node:worker_threads') as typeof import('node:worker_threads');
  const parentPort = threads.parentPort;
  const workerData = threads.workerData as unknown;
  const quickjs = require(
    (workerData as { quickjsPath: string }).quickjsPath,
  ) as typeof import('quickjs-emscripten');
  type Context = import('quickjs-emscripten').QuickJSContext;
  type Runtime = import('quickjs-emscripten').QuickJSRuntime;
  type Handle = import('quickjs-emscripten').QuickJSHandle;
  interface Session {
    runtime: Runtime;
    context: Context;
    stdout: { text: string; limit: number; truncated: boolean };
  }
  /** The interpreter's own stack limit, far below the thread's stack, so deep recursion and
   * deeply nested source end in a QuickJS "stack overflow" and never in the host's. */
  const MAX_STACK_BYTES = 256 * 1024;
  const sessions = new Map<string, Session>();
  const modulePromise = quickjs.getQuickJS();

  /** Out of memory while building the error itself leaves nothing to read: QuickJS's only such case. */
  const UNDESCRIBED = { name: 'InternalError', message: 'out of memory' };

  const errorOf = (context: Context, handle: Handle): { name: string; message: string } => {
    const dumped = context.dump(handle) as unknown;
    if (dumped && typeof dumped === 'object') {
      const { name, message } = dumped as { name?: unknown; message?: unknown };
      return {
        name: typeof name === 'string' ? name : 'Error',
        message: typeof message === 'string' ? message : JSON.stringify(message ?? ''),
      };
    }
    if (dumped === undefined || dumped === null || dumped === '') return UNDESCRIBED;
    return { name: 'Error', message: typeof dumped === 'string' ? dumped : JSON.stringify(dumped) };
  };

  const statusOf = (error: { name: string; message: string }): CellStatus => {
    if (error.name === 'InternalError' && error.message === 'interrupted') return 'timeout';
    if (error.message === 'out of memory') return 'memory_limit';
    return 'error';
  };

  const installConsole = (session: Session): void => {
    const { context, stdout } = session;
    const write = context.newFunction('write', (line: Handle) => {
      const text = `${context.getString(line)}\n`;
      const room = stdout.limit - Buffer.byteLength(stdout.text);
      if (Buffer.byteLength(text) <= room) stdout.text += text;
      else if (!stdout.truncated) {
        stdout.text += Buffer.from(text).subarray(0, Math.max(0, room)).toString();
        stdout.truncated = true;
      }
    });
    context.setProp(context.global, '__write', write);
    write.dispose();
    const installed = context.evalCode(`(() => {
      const write = globalThis.__write; delete globalThis.__write;
      const show = (value) => typeof value === 'string' ? value : (() => {
        try { return JSON.stringify(value, (k, v) => typeof v === 'bigint' ? v.toString() : v) ?? String(value); }
        catch { return String(value); }
      })();
      const log = (...values) => write(values.map(show).join(' '));
      globalThis.console = Object.freeze({ log, info: log, warn: log, error: log, debug: log });
    })()`);
    context.unwrapResult(installed).dispose();
  };

  const installGlobals = (context: Context, json: string): void => {
    const text = context.newString(json);
    context.setProp(context.global, '__globals', text);
    text.dispose();
    const installed = context.evalCode(`(() => {
      const freeze = (value) => { if (value && typeof value === 'object') { Object.values(value).forEach(freeze); Object.freeze(value); } return value; };
      const globals = JSON.parse(globalThis.__globals); delete globalThis.__globals;
      for (const [name, value] of Object.entries(globals))
        Object.defineProperty(globalThis, name, { value: freeze(value), writable: false, enumerable: true });
    })()`);
    context.unwrapResult(installed).dispose();
  };

  const open = async (request: Extract<SandboxRequest, { type: 'run' }>): Promise<Session> => {
    const module = await modulePromise;
    const runtime = module.newRuntime();
    runtime.setMemoryLimit(request.limits.memoryBytes);
    runtime.setMaxStackSize(MAX_STACK_BYTES);
    const context = runtime.newContext();
    const session: Session = {
      runtime,
      context,
      stdout: { text: '', limit: request.limits.stdoutBytes, truncated: false },
    };
    installConsole(session);
    if (request.globals) installGlobals(context, request.globals);
    sessions.set(request.sessionId, session);
    return session;
  };

  /** The result as JSON text, made inside the sandbox (under its limits); undefined → null. */
  const resultJson = (context: Context, value: Handle): string => {
    const toJson = context.unwrapResult(
      context.evalCode(
        `(value) => JSON.stringify(value === undefined ? null : value, (k, v) => typeof v === 'bigint' ? v.toString() : v) ?? 'null'`,
      ),
    );
    try {
      const json = context.callFunction(toJson, context.undefined, value);
      const text = context.getString(context.unwrapResult(json));
      return text;
    } finally {
      toJson.dispose();
    }
  };

  const run = async (request: Extract<SandboxRequest, { type: 'run' }>): Promise<SandboxReply> => {
    let session = sessions.get(request.sessionId);
    if (!session) {
      if (request.expectExisting) return { id: request.id, type: 'missing' };
      session = await open(request);
    }
    const { runtime, context, stdout } = session;
    stdout.text = '';
    stdout.truncated = false;
    const started = Date.now();
    const deadline = started + request.limits.timeoutMs;
    runtime.setInterruptHandler(quickjs.shouldInterruptAfterDeadline(deadline));
    const finish = (outcome: Omit<CellOutcome, 'stdout' | 'duration_ms'>): SandboxReply => ({
      id: request.id,
      type: 'outcome',
      outcome: {
        ...outcome,
        stdout: stdout.truncated
          ? `${stdout.text}\n…[stdout truncated at ${stdout.limit} bytes]`
          : stdout.text,
        duration_ms: Date.now() - started,
      },
    });
    const failed = (error: { name: string; message: string }): SandboxReply =>
      finish({ status: statusOf(error), result: null, error });

    const evaluated = context.evalCode(request.code, 'cell.js');
    if (evaluated.error) {
      const error = errorOf(context, evaluated.error);
      evaluated.error.dispose();
      return failed(error);
    }
    let value = evaluated.value;
    try {
      // Settle promises the cell started (a `while(true)` in a `.then` is interrupted too).
      for (;;) {
        const jobs = runtime.executePendingJobs();
        if (jobs.error) {
          const error = errorOf(context, jobs.error);
          jobs.error.dispose();
          if (statusOf(error) !== 'error') return failed(error);
        }
        const state = context.getPromiseState(value);
        if (state.type === 'fulfilled') {
          if (state.notAPromise) break;
          value.dispose();
          value = state.value;
          continue;
        }
        if (state.type === 'rejected') {
          const error = errorOf(context, state.error);
          state.error.dispose();
          return failed(error);
        }
        if (!runtime.hasPendingJob()) {
          return failed({
            name: 'Error',
            message: 'The cell returned a promise that never settles (the sandbox has no timers).',
          });
        }
        if (Date.now() > deadline) return failed({ name: 'InternalError', message: 'interrupted' });
      }
      let json: string;
      try {
        json = resultJson(context, value);
      } catch (error) {
        const reason = error as { name?: string; message?: string };
        return failed({
          name: reason.name ?? 'Error',
          message: `The last expression cannot be returned as JSON: ${reason.message ?? String(error)}`,
        });
      }
      if (Buffer.byteLength(json) > request.limits.resultBytes) {
        return failed({
          name: 'RangeError',
          message: `The result is larger than ${request.limits.resultBytes} bytes of JSON; return less, or print it.`,
        });
      }
      return finish({ status: 'ok', result: JSON.parse(json) as unknown, error: null });
    } finally {
      value.dispose();
    }
  };

  const close = (sessionId: string): void => {
    const session = sessions.get(sessionId);
    if (!session) return;
    sessions.delete(sessionId);
    session.context.dispose();
    session.runtime.dispose();
  };

  const failedInside = (request: SandboxRequest, error: unknown): SandboxReply => ({
    id: request.id,
    type: 'outcome',
    outcome: {
      status: 'error',
      result: null,
      stdout: '',
      error: {
        name: 'SandboxError',
        message: `The sandbox failed: ${(error as Error).message ?? String(error)}`,
      },
      duration_ms: 0,
    },
    recycle: true,
  });

  parentPort!.on('message', (request: SandboxRequest) => {
    const reply: Promise<SandboxReply> =
      request.type === 'run'
        ? run(request).then((answer) =>
            answer.type === 'outcome' && answer.outcome.status === 'memory_limit'
              ? { ...answer, recycle: true }
              : answer,
          )
        : Promise.resolve().then(() => {
            close(request.sessionId);
            return { id: request.id, type: 'closed' } as const;
          });
    void reply.then(
      (message) => parentPort!.postMessage(message),
      (error: unknown) => parentPort!.postMessage(failedInside(request, error)),
    );
  });
}
