import type { FactoryProvider } from '@nestjs/common';
import { CodeSandbox } from '../code-sandbox/code-sandbox';
import { WorkflowsConfig } from '../workflows.config';

/** What a cell may print. */
export const CODE_STDOUT_BYTES = 64 * 1024;
/** The largest JSON text of a cell's result. */
export const CODE_RESULT_BYTES = 1024 * 1024;

/** The process's one sandbox (a thread per session, cells in fair turns), with the configured limits. */
export const codeSandboxProvider: FactoryProvider<CodeSandbox> = {
  provide: CodeSandbox,
  inject: [WorkflowsConfig],
  useFactory: (config: WorkflowsConfig) =>
    new CodeSandbox(
      {
        timeoutMs: config.CODE_CELL_TIMEOUT_MS,
        memoryBytes: config.CODE_CELL_MEMORY_MB * 1024 * 1024,
        stdoutBytes: CODE_STDOUT_BYTES,
        resultBytes: CODE_RESULT_BYTES,
      },
      {
        concurrency: config.CODE_SANDBOX_CONCURRENCY,
        memoryBudgetBytes: config.CODE_SANDBOX_MEMORY_MB * 1024 * 1024,
      },
    ),
};
