export { WorkflowsModule } from './workflows.module';
export * from './reports-api';
