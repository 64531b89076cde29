import { ApiProperty } from '@nestjs/swagger';
import { FeedbackReportDto } from '../../../reports/dtos/feedback-report.dto';
import { INTAKE_OUTCOMES, TRIAGE_STATUSES } from '../../../reports/feedback-statuses';
import type {
  IntakeResultView,
  LeaseRenewedView,
  PlanRecordedView,
  StartedView,
} from '../intake-views';

/**
 * The claim answer, `ClaimView`: a leased report with its token, or `{feedback: null, queue:
 * "empty"}`. One schema with the fields of both, so clients get one named type.
 */
export class ClaimAnswerDto {
  @ApiProperty({
    type: FeedbackReportDto,
    nullable: true,
    description:
      'The leased report, now `in_progress` (its evidence urls need the lease token); null when the queue is empty.',
  })
  feedback!: FeedbackReportDto | null;
  @ApiProperty({
    required: false,
    example: 'cwl_…',
    description:
      'Send it as `x-feedback-lease-token` on every lease route. Shown in this answer only; absent when the queue is empty.',
  })
  lease_token?: string;
  @ApiProperty({
    required: false,
    format: 'date-time',
    description: 'Absent when the queue is empty.',
  })
  lease_expires_at?: string;
  @ApiProperty({
    required: false,
    enum: ['empty'],
    description: 'Present (and `empty`) only when no approved report is waiting.',
  })
  queue?: 'empty';
}

export class PlanRecordedDto implements PlanRecordedView {
  @ApiProperty({ format: 'uuid' }) feedback_id!: string;
  @ApiProperty({ format: 'date-time' }) plan_updated_at!: string;
  @ApiProperty({ format: 'date-time', description: 'Unchanged: a plan does not renew the lease.' })
  lease_expires_at!: string;
}

export class LeaseRenewedDto implements LeaseRenewedView {
  @ApiProperty({ format: 'uuid' }) feedback_id!: string;
  @ApiProperty({ format: 'date-time', description: 'When the lease now ends.' })
  lease_expires_at!: string;
}

export class StartedDto implements StartedView {
  @ApiProperty({ format: 'uuid' }) feedback_id!: string;
  @ApiProperty({ format: 'date-time', description: 'The first `started` of this lease.' })
  started_at!: string;
  @ApiProperty({ format: 'date-time' }) lease_expires_at!: string;
}

export class IntakeResultDto implements IntakeResultView {
  @ApiProperty({ format: 'uuid' }) feedback_id!: string;
  @ApiProperty({ enum: INTAKE_OUTCOMES }) outcome!: IntakeResultView['outcome'];
  @ApiProperty({ enum: TRIAGE_STATUSES, description: 'The status the result left the report in.' })
  status!: IntakeResultView['status'];
  @ApiProperty({ type: String, nullable: true }) pull_request_url!: string | null;
  @ApiProperty({ type: String, nullable: true }) note!: string | null;
}
