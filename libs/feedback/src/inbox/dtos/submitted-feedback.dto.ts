import { ApiProperty } from '@nestjs/swagger';
import { TRIAGE_STATUSES } from '../../reports/feedback-statuses';
import type { SubmittedFeedbackView } from '../feedback-submission.service';

export class SubmittedFeedbackDto implements SubmittedFeedbackView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({
    enum: TRIAGE_STATUSES,
    example: 'new',
    description: '`new` for a new report; a retried submission shows the report’s current status.',
  })
  status!: SubmittedFeedbackView['status'];
}
