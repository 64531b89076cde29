import { Module } from '@nestjs/common';
import { CompanyCounterRepository } from './definitions/company-counter.repository';
import { WorkflowReader } from './definitions/workflow-reader';
import { WorkflowRepository } from './definitions/workflow.repository';
import { loadWorkflowsConfig, WorkflowsConfig } from './workflows.config';

/** What every workflows feature module builds on: the settings and reading workflows. */
@Module({
  providers: [
    { provide: WorkflowsConfig, useFactory: () => loadWorkflowsConfig() },
    WorkflowRepository,
    CompanyCounterRepository,
    WorkflowReader,
  ],
  exports: [WorkflowsConfig, WorkflowRepository, CompanyCounterRepository, WorkflowReader],
})
export class WorkflowsCoreModule {}
