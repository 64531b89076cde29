import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { TRIAGE_STATUSES, type TriageStatus } from '../../reports/feedback-statuses';

export class TriageDto {
  @ApiProperty({
    enum: TRIAGE_STATUSES,
    description:
      'The new status. Moving a report off in_progress releases its intake lease; in_progress itself is refused (409 TRIAGE_STATUS_RESERVED) unless the report is already there.',
  })
  @IsIn(TRIAGE_STATUSES, { message: `status must be one of ${TRIAGE_STATUSES.join(', ')}` })
  status!: TriageStatus;
}
