import { ApiProperty } from '@nestjs/swagger';
import { FeedbackReportDto } from '../../reports/dtos/feedback-report.dto';
import { TRIAGE_STATUSES } from '../../reports/feedback-statuses';
import type { InboxIdRow } from '../inbox-query.repository';
import type { InboxIdsView, InboxListView } from '../inbox-read.service';

export class InboxListDto implements InboxListView {
  @ApiProperty({ type: [FeedbackReportDto] }) reports!: FeedbackReportDto[];
  @ApiProperty({ description: 'Reports matching the filters, on every page.' }) total!: number;
  @ApiProperty() offset!: number;
  @ApiProperty() limit!: number;
  @ApiProperty({ description: 'Whether reports follow this page.' }) has_more!: boolean;
}

export class InboxIdRowDto implements InboxIdRow {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: TRIAGE_STATUSES }) status!: InboxIdRow['status'];
}

export class InboxIdsDto implements InboxIdsView {
  @ApiProperty({
    type: [InboxIdRowDto],
    description: 'Every matching report, in the list’s order.',
  })
  reports!: InboxIdRowDto[];
  @ApiProperty() total!: number;
}
