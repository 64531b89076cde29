import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CompanyCounterRepository } from './definitions/company-counter.repository';
import { CompanyCounter } from './definitions/entities/company-counter.entity';
import { Workflow } from './definitions/entities/workflow.entity';
import { WorkflowReader } from './definitions/workflow-reader';
import { WorkflowRepository } from './definitions/workflow.repository';
import { loadWorkflowsConfig, WorkflowsConfig } from './workflows.config';

/** What every workflows feature module builds on: the settings and reading workflows. */
@Module({
  imports: [TypeOrmModule.forFeature([Workflow, CompanyCounter])],
  providers: [
    { provide: WorkflowsConfig, useFactory: () => loadWorkflowsConfig() },
    WorkflowRepository,
    CompanyCounterRepository,
    WorkflowReader,
  ],
  exports: [
    TypeOrmModule,
    WorkflowsConfig,
    WorkflowRepository,
    CompanyCounterRepository,
    WorkflowReader,
  ],
})
export class WorkflowsCoreModule {}
