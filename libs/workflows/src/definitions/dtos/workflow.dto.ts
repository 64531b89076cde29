import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { unionValues } from '@cw/platform';
import { BLOCK_NAMES } from '../../blocks/block-catalog';
import type { Schedule } from '../../schedules/schedule';
import {
  type OutputPage,
  WORKFLOW_STATUSES,
  WORKFLOW_VISIBILITIES,
  type WorkflowStatus,
  type WorkflowVisibility,
} from '../../workflows-schema';
import type {
  Budget,
  Deliverable,
  InputType,
  WorkflowDefinition,
  WorkflowInput,
  WorkflowStep,
} from '../workflow-definition';
import type { WorkflowView } from '../workflow-view';

export class WorkflowOwnerDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
}

export class WorkflowInputDto implements WorkflowInput {
  @ApiProperty({ example: 'topic' }) name!: string;
  @ApiProperty({ enum: unionValues<InputType>({ text: true, number: true, boolean: true }) })
  type!: InputType;
  @ApiProperty() required!: boolean;
  @ApiPropertyOptional() description?: string;
}

export class WorkflowScheduleDto implements Schedule {
  @ApiProperty({ example: '0 9 * * 1' }) cron!: string;
  @ApiProperty({ example: 'Europe/Berlin' }) timezone!: string;
}

export class OutputPageDto implements OutputPage {
  @ApiProperty({ example: '/Company/Reports' }) path!: string;
  @ApiProperty({ example: 'Weekly digest' }) title!: string;
}

export class DeliverableDto implements Deliverable {
  @ApiProperty({ example: 'digest' }) name!: string;
  @ApiProperty() required!: boolean;
  @ApiProperty({ description: 'The id of the step whose output it is.' }) from_step!: string;
}

export class BudgetDto implements Budget {
  @ApiPropertyOptional({ type: 'integer' }) max_steps?: number;
  @ApiPropertyOptional({ type: 'integer' }) max_seconds?: number;
}

export class WorkflowDefinitionDto implements WorkflowDefinition {
  @ApiProperty({
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'block'],
      properties: { id: { type: 'string' }, block: { type: 'string', enum: [...BLOCK_NAMES] } },
      additionalProperties: true,
    },
    description:
      'Ordered steps `{id, block, ...block fields}`; GET /api/workflow-capabilities lists the blocks.',
  })
  steps!: WorkflowStep[];
  @ApiProperty({ type: [DeliverableDto] }) deliverables!: DeliverableDto[];
  @ApiProperty({ type: BudgetDto }) budget!: BudgetDto;
}

export class WorkflowDto implements WorkflowView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: 'integer', description: 'Display number, per company, from 1.', example: 7 })
  number!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: WORKFLOW_STATUSES }) status!: WorkflowStatus;
  @ApiProperty({ enum: WORKFLOW_VISIBILITIES }) visibility!: WorkflowVisibility;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) team_id!: string | null;
  @ApiProperty({ type: WorkflowOwnerDto }) owner!: WorkflowOwnerDto;
  @ApiProperty({ type: [WorkflowInputDto] }) inputs!: WorkflowInputDto[];
  @ApiProperty({ type: WorkflowDefinitionDto }) definition!: WorkflowDefinitionDto;
  @ApiProperty({ type: WorkflowScheduleDto, nullable: true })
  schedule!: WorkflowScheduleDto | null;
  @ApiProperty({
    type: OutputPageDto,
    nullable: true,
    description: 'The page every run writes its report to (`output.create_page`).',
  })
  output_page!: OutputPageDto | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}
