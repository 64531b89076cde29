export { WorkflowsModule } from './workflows.module';
export type { Report, RunView } from './reports/report';
export {
  RUN_STATUSES,
  TERMINAL_RUN_STATUSES,
  type RunStatus,
  type TerminalRunStatus,
} from './runs/run-status';
