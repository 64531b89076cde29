import { ApiProperty } from '@nestjs/swagger';
import { FEEDBACK_CATEGORIES, TRIAGE_STATUSES } from '../feedback-statuses';
import type {
  FeedbackAttachmentView,
  FeedbackProposalView,
  FeedbackReportView,
} from '../feedback-report-view';

export class FeedbackAttachmentDto implements FeedbackAttachmentView {
  @ApiProperty({ format: 'uuid' }) feedback_attachment_id!: string;
  @ApiProperty({ example: 'screenshot.png' }) filename!: string;
  @ApiProperty({ example: 'image/png' }) content_type!: string;
  @ApiProperty({ description: 'Bytes.' }) size!: number;
  @ApiProperty({
    example: '/api/feedback/…/attachments/…',
    description:
      'Relative address of the proxied route that serves this file to the caller’s audience (never a public URL).',
  })
  url!: string;
}

export class FeedbackProposalDto implements FeedbackProposalView {
  @ApiProperty() summary!: string;
  @ApiProperty({ type: String, nullable: true }) plan!: string | null;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The report this one duplicates.',
  })
  duplicate_of!: string | null;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class FeedbackPersonDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() email!: string;
  @ApiProperty() name!: string;
}

export class FeedbackCompanyDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
}

export class FeedbackReportDto implements FeedbackReportView {
  @ApiProperty({ format: 'uuid' }) id!: FeedbackReportView['id'];
  @ApiProperty({ enum: TRIAGE_STATUSES }) status!: FeedbackReportView['status'];
  @ApiProperty({ enum: FEEDBACK_CATEGORIES }) category!: FeedbackReportView['category'];
  @ApiProperty() message!: string;
  @ApiProperty({ type: String, nullable: true }) page_path!: string | null;
  @ApiProperty({
    type: FeedbackPersonDto,
    description: 'The submitter as they were when the report was filed.',
  })
  user!: FeedbackPersonDto;
  @ApiProperty({
    type: FeedbackCompanyDto,
    description: 'The submitter’s company as it was when the report was filed.',
  })
  company!: FeedbackCompanyDto;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ description: 'Whether a pull request is linked.' }) has_pr!: boolean;
  @ApiProperty({ type: String, nullable: true }) pull_request_url!: string | null;
  @ApiProperty({ type: [FeedbackAttachmentDto], description: 'Private evidence, proxied.' })
  attachments!: FeedbackAttachmentDto[];
  @ApiProperty({ type: FeedbackProposalDto, nullable: true })
  proposal!: FeedbackProposalDto | null;
}
