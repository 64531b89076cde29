import { ApiProperty } from '@nestjs/swagger';
import { OutcomeDto } from '../../reports/dtos/outcome.dto';
import { StepErrorDto } from '../../reports/dtos/step-error.dto';
import { WorkflowRefDto } from '../../reports/dtos/workflow-ref.dto';
import { RUN_STATUSES } from '../run-status';

export class RunStageDto {
  @ApiProperty({ example: 'compose' }) name!: string;
  @ApiProperty({ example: 'completed' }) status!: string;
}

export class RunProgressDto {
  @ApiProperty({ description: 'Steps completed.' }) done!: number;
  @ApiProperty({ description: 'Steps in the definition.' }) total!: number;
}

export class RunStepViewDto {
  @ApiProperty({ example: 'compose' }) id!: string;
  @ApiProperty({ example: 'text.compose' }) block!: string;
  @ApiProperty({ enum: ['pending', 'running', 'waiting', 'completed', 'failed', 'skipped'] })
  status!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) started_at!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finished_at!: string | null;
  @ApiProperty({ type: StepErrorDto, nullable: true }) error!: StepErrorDto | null;
}

/** `GET /api/workflows/runs/{run_id}` (MCP `get_workflow_run`). */
export class RunViewDto {
  @ApiProperty({ format: 'uuid' }) run_id!: string;
  @ApiProperty({ type: WorkflowRefDto }) workflow!: WorkflowRefDto;
  @ApiProperty({ enum: RUN_STATUSES }) status!: string;
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
