import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { unionValues } from '@cw/platform';
import { RUN_STATUSES, type RunStatus, type StepStatus } from '../../runs/run-status';
import type { DeliveryReceipt, Report, ReportDeliverable, StepState } from '../report';
import { ANY_JSON_VALUE } from './json-value';
import { OutcomeDto } from './outcome.dto';
import { StepErrorDto } from './step-error.dto';
import { STEP_STATUSES } from './step-statuses';
import { WorkflowRefDto } from './workflow-ref.dto';

type DeliverableStatus = ReportDeliverable['status'];
type ReportPresentation = Report['presentation'];

export class StepStateDto implements StepState {
  @ApiProperty({ example: 'compose' }) step!: string;
  @ApiProperty({ example: 'text.compose' }) block!: string;
  @ApiProperty({ enum: STEP_STATUSES }) status!: StepStatus;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) started_at!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finished_at!: string | null;
  @ApiProperty({ type: StepErrorDto, nullable: true }) error!: StepErrorDto | null;
}

export class ReportDeliverableDto implements ReportDeliverable {
  @ApiProperty({ example: 'digest' }) name!: string;
  @ApiProperty() required!: boolean;
  @ApiProperty({ enum: unionValues<DeliverableStatus>({ delivered: true, missing: true }) })
  status!: DeliverableStatus;
  @ApiPropertyOptional({ ...ANY_JSON_VALUE, description: 'The output of the step it comes from.' })
  value?: unknown;
  @ApiPropertyOptional({ format: 'uuid', description: 'The wiki page the step wrote.' })
  page_public_id?: string;
}

export class DeliveryReceiptDto implements DeliveryReceipt {
  @ApiProperty({ format: 'uuid' }) hook_id!: string;
  @ApiProperty({ format: 'uuid' }) delivery_id!: string;
  @ApiProperty({ example: 'delivered' }) state!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) delivered_at!: string | null;
}

export class ReportPresentationDto implements ReportPresentation {
  @ApiProperty({ enum: RUN_STATUSES }) execution_status!: RunStatus;
  @ApiProperty({ type: OutcomeDto }) outcome!: OutcomeDto;
  @ApiProperty({ type: [StepStateDto], description: 'One per step of the definition, in order.' })
  states!: StepStateDto[];
  @ApiProperty({ type: [ReportDeliverableDto] }) deliverables!: ReportDeliverableDto[];
  @ApiProperty({ type: [DeliveryReceiptDto] }) delivery_receipts!: DeliveryReceiptDto[];
}

/** `GET /api/reports/{report_id}`: schema_version 2. */
export class ReportDto implements Report {
  @ApiProperty({ format: 'uuid', description: "The run's id." }) id!: string;
  @ApiProperty({ enum: [2] }) schema_version!: 2;
  @ApiProperty({ type: WorkflowRefDto }) workflow!: WorkflowRefDto;
  @ApiProperty({ type: String, nullable: true }) title!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completed_at!: string | null;
  @ApiProperty({ type: ReportPresentationDto }) presentation!: ReportPresentationDto;
}
