/* eslint-disable @typescript-eslint/no-require-imports -- this function runs as the source of an
   eval'd worker thread, where it must load its modules itself. */
import type {
  CellOutcome,
  CellStatus,
  SandboxReply,
  SandboxRequest,
  SandboxWorkerData,
  WasmApi,
} from './sandbox-types';

/**
 * The body of one sandbox worker thread, which holds one session at a time. It is started from
 * its own source text (`sandboxWorkerMain.toString()`), so it must not refer to anything outside
 * itself: it loads what it needs with `require` and receives the rest in `workerData`.
 * The session is one QuickJS runtime (its own heap, memory limit and stack limit) holding one
 * context whose globals persist from cell to cell, in the thread's own WASM instance.
 * QuickJS has no `require`, `process`, file system, network or timers: nothing of the host is
 * reachable unless handed in, and only `console` is.
 *
 * Memory: this QuickJS build cannot measure its blocks (no `malloc_usable_size` in emscripten),
 * so `setMemoryLimit` refuses only single allocations larger than the limit, and a loop of
 * 1 MB strings grows past it until the WASM memory's own 2 GB cap. The thread's WASM memory is
 * therefore created here with a `maximum`: once the heap cannot grow, `malloc` fails and the cell
 * ends `memory_limit` at once, the interrupt handler and the host's watchdog never involved.
 */
export function sandboxWorkerMain(): void {
  const threads = require('node:worker_threads') as typeof import('node:worker_threads');
  const parentPort = threads.parentPort;
  const workerData = threads.workerData as SandboxWorkerData;
  const quickjs = require(workerData.quickjsPath) as typeof import('quickjs-emscripten');
  /** The WASM build's own minimum (its static data and stack live in the first pages). */
  const BUILD_INITIAL_PAGES = 256;
  const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
  const memory = new wasm.Memory({
    initial: BUILD_INITIAL_PAGES,
    maximum: Math.max(BUILD_INITIAL_PAGES, workerData.maximumPages),
  });
  const modulePromise = quickjs.newQuickJSWASMModuleFromVariant(
    quickjs.newVariant(quickjs.RELEASE_SYNC, {
      wasmModule: workerData.wasmModule,
      wasmMemory: memory,
    }),
  );
  // Best effort, Linux only: a sandbox thread yields the CPU to the process's own event loop.
  try {
    const fs = require('node:fs') as typeof import('node:fs');
    const os = require('node:os') as typeof import('node:os');
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId)) os.setPriority(threadId, 10);
  } catch {
    // Not Linux, or no procfs: the thread keeps the process's priority.
  }
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
  let session: Session | undefined;

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

  const open = async (request: SandboxRequest): Promise<Session> => {
    const module = await modulePromise;
    const runtime = module.newRuntime();
    runtime.setMemoryLimit(request.limits.memoryBytes);
    runtime.setMaxStackSize(MAX_STACK_BYTES);
    const context = runtime.newContext();
    const opened: Session = {
      runtime,
      context,
      stdout: { text: '', limit: request.limits.stdoutBytes, truncated: false },
    };
    installConsole(opened);
    if (request.globals) installGlobals(context, request.globals);
    return opened;
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

  const run = async (request: SandboxRequest): Promise<SandboxReply> => {
    session ??= await open(request);
    const { runtime, context, stdout } = session;
    stdout.text = '';
    stdout.truncated = false;
    // The deadline starts when the cell starts, never while it waited for its turn.
    const started = Date.now();
    const deadline = started + request.limits.timeoutMs;
    runtime.setInterruptHandler(quickjs.shouldInterruptAfterDeadline(deadline));
    const finish = (outcome: Omit<CellOutcome, 'stdout' | 'duration_ms'>): SandboxReply => ({
      id: request.id,
      type: 'outcome',
      memoryBytes: memory.buffer.byteLength,
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

  const failedInside = (request: SandboxRequest, error: unknown): SandboxReply => ({
    id: request.id,
    type: 'outcome',
    memoryBytes: memory.buffer.byteLength,
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

  /**
   * Frees a one-off evaluation's runtime whole, so the next evaluation on this thread starts from
   * nothing of it; a runtime that cannot be freed cleanly (a handle left behind) ends the thread.
   */
  const discardSession = (answer: SandboxReply): SandboxReply => {
    const held = session;
    session = undefined;
    if (answer.type !== 'outcome' || answer.recycle || !held) return answer;
    try {
      held.context.dispose();
      held.runtime.dispose();
      return { ...answer, discarded: true };
    } catch {
      return { ...answer, recycle: true };
    }
  };

  parentPort!.on('message', (request: SandboxRequest) => {
    void run(request).then(
      (answer) => {
        const checked =
          answer.type === 'outcome' && answer.outcome.status === 'memory_limit'
            ? { ...answer, recycle: true }
            : answer;
        parentPort!.postMessage(request.discard ? discardSession(checked) : checked);
      },
      (error: unknown) => parentPort!.postMessage(failedInside(request, error)),
    );
  });
  // A module that fails to load rejects unhandled, which ends the thread with an 'error' event.
  void modulePromise.then(() =>
    parentPort!.postMessage({ type: 'ready', memoryBytes: memory.buffer.byteLength }),
  );
}
