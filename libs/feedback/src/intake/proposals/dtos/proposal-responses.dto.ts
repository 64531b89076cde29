import { ApiProperty } from '@nestjs/swagger';
import { FeedbackProposalDto, FeedbackReportDto } from '../../../reports/dtos/feedback-report.dto';
import type {
  PendingProposalsView,
  ProposalSearchView,
  StoredProposalView,
} from '../proposal-views';

export class PendingProposalsDto implements PendingProposalsView {
  @ApiProperty({
    type: [FeedbackReportDto],
    description: 'Reports without a proposal, every status, oldest first, with their evidence.',
  })
  reports!: FeedbackReportDto[];
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'Pass it as `after` for the next page; null when no more follow.',
  })
  next_after!: string | null;
}

export class ProposalSearchDto implements ProposalSearchView {
  @ApiProperty({ type: [FeedbackReportDto], description: 'Newest first, every status.' })
  reports!: FeedbackReportDto[];
  @ApiProperty({ description: 'Matching reports in all.' }) total!: number;
  @ApiProperty() offset!: number;
  @ApiProperty() limit!: number;
}

export class StoredProposalDto implements StoredProposalView {
  @ApiProperty({ format: 'uuid' }) feedback_id!: string;
  @ApiProperty({ type: FeedbackProposalDto }) proposal!: FeedbackProposalDto;
}
