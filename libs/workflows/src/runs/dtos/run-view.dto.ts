import { ApiProperty } from '@nestjs/swagger';
import { OutcomeDto } from '../../reports/dtos/outcome.dto';
import { STEP_STATUSES } from '../../reports/dtos/step-statuses';
import { StepErrorDto } from '../../reports/dtos/step-error.dto';
import { WorkflowRefDto } from '../../reports/dtos/workflow-ref.dto';
import type { RunView } from '../../reports/report';
import { RUN_STATUSES, type RunStatus, type StepStatus } from '../run-status';

type RunStage = RunView['stages'][number];
type RunProgress = RunView['progress'];
type RunStepView = RunView['steps'][number];

export class RunStageDto implements RunStage {
  @ApiProperty({ example: 'compose' }) name!: string;
  @ApiProperty({ example: 'completed' }) status!: string;
}

export class RunProgressDto implements RunProgress {
  @ApiProperty({ type: 'integer', description: 'Steps completed.' }) done!: number;
  @ApiProperty({ type: 'integer', description: 'Steps in the definition.' }) total!: number;
}

export class RunStepViewDto implements RunStepView {
  @ApiProperty({ example: 'compose' }) id!: string;
  @ApiProperty({ example: 'text.compose' }) block!: string;
  @ApiProperty({ enum: STEP_STATUSES }) status!: StepStatus;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) started_at!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finished_at!: string | null;
  @ApiProperty({ type: StepErrorDto, nullable: true }) error!: StepErrorDto | null;
}

/** `GET /api/workflows/runs/{run_id}` (MCP `get_workflow_run`). */
export class RunViewDto implements RunView {
  @ApiProperty({ format: 'uuid' }) run_id!: string;
  @ApiProperty({ type: WorkflowRefDto }) workflow!: WorkflowRefDto;
  @ApiProperty({ enum: RUN_STATUSES }) status!: RunStatus;
  @ApiProperty({ type: OutcomeDto }) outcome!: OutcomeDto;
  @ApiProperty({ type: [StepErrorDto] }) errors!: StepErrorDto[];
  @ApiProperty({ type: [RunStageDto] }) stages!: RunStageDto[];
  @ApiProperty({ type: RunProgressDto }) progress!: RunProgressDto;
  @ApiProperty({ type: String, nullable: true, description: 'Null once the run has ended.' })
  current_step!: string | null;
  @ApiProperty({ type: [RunStepViewDto] }) steps!: RunStepViewDto[];
  @ApiProperty() summary!: string;
  @ApiProperty({ example: '/api/reports/0b6e…', description: 'Relative to the API base address.' })
  report_url!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completed_at!: string | null;
}
