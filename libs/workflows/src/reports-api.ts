// `@cw/workflows/reports`: what a context that reads and delivers reports needs (the hooks), without
// the run engine, its steps and the wiki they write to.
export { WorkflowReportsApiModule } from './api/workflow-reports-api.module';
export {
  type ReadableRunFacts,
  type RecentReport,
  WorkflowReportsApi,
} from './api/workflow-reports-api';
export {
  type CompletedRunEvent,
  CompletedRunsFeed,
  type CompletionCursor,
} from './api/completed-runs-feed';
export { DeliveryReceiptSource } from './reports/delivery-receipt-source';
export type { DeliveryReceipt, Report, RunView } from './reports/report';
export type { ReportFinishedEvent } from './reports/run-report.writer';
export {
  RUN_STATUSES,
  TERMINAL_RUN_STATUSES,
  type RunStatus,
  type TerminalRunStatus,
} from './runs/run-status';
