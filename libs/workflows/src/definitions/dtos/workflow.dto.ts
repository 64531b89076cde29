import { ApiProperty } from '@nestjs/swagger';
import { WORKFLOW_STATUSES, WORKFLOW_VISIBILITIES } from '../entities/workflow.entity';

export class WorkflowOwnerDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
}

export class WorkflowInputDto {
  @ApiProperty({ example: 'topic' }) name!: string;
  @ApiProperty({ enum: ['text', 'number', 'boolean'] }) type!: string;
  @ApiProperty() required!: boolean;
  @ApiProperty({ required: false }) description?: string;
}

export class WorkflowScheduleDto {
  @ApiProperty({ example: '0 9 * * 1' }) cron!: string;
  @ApiProperty({ example: 'Europe/Berlin' }) timezone!: string;
}

export class OutputPageDto {
  @ApiProperty({ example: '/Company/Reports' }) path!: string;
  @ApiProperty({ example: 'Weekly digest' }) title!: string;
}

export class WorkflowDefinitionDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description:
      'Ordered steps `{id, block, ...block fields}`; GET /api/workflow-capabilities lists the blocks.',
  })
  steps!: Record<string, unknown>[];
  @ApiProperty({
    type: 'array',
    items: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        required: { type: 'boolean' },
        from_step: { type: 'string' },
      },
    },
  })
  deliverables!: Record<string, unknown>[];
  @ApiProperty({
    type: 'object',
    properties: { max_steps: { type: 'integer' }, max_seconds: { type: 'integer' } },
  })
  budget!: Record<string, unknown>;
}

export class WorkflowDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'Display number, per company, from 1.', example: 7 })
  number!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: WORKFLOW_STATUSES }) status!: string;
  @ApiProperty({ enum: WORKFLOW_VISIBILITIES }) visibility!: string;
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
