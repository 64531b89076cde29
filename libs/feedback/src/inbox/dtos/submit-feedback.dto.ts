import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable, IsUuid } from '@cw/platform';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsString,
  Length,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { FEEDBACK_CATEGORIES, type FeedbackCategory } from '../../reports/feedback-statuses';
import { IsEvidenceBase64 } from '../evidence-base64';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '../submission-limits';

/** No control characters, and no path separators: it is only ever a download name. */
// eslint-disable-next-line no-control-regex
const FILENAME = /^[^\u0000-\u001f\u007f/\\]+$/;
/** `type/subtype` with optional parameters, printable ASCII only (it is sent back as a header). */
const CONTENT_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;[\u0020-\u007e]*)?$/i;

export class FeedbackAttachmentUploadDto {
  @ApiProperty({ minLength: 1, maxLength: 255, example: 'screenshot.png' })
  @IsString()
  @Length(1, 255)
  @Matches(FILENAME, { message: 'filename must not contain control characters, / or \\' })
  filename!: string;

  @ApiProperty({ minLength: 1, maxLength: 255, example: 'image/png' })
  @IsString()
  @Length(1, 255)
  @Matches(CONTENT_TYPE, { message: 'content_type must be a media type such as image/png' })
  content_type!: string;

  @ApiProperty({
    description: `The file's bytes in standard padded base64, at most ${MAX_ATTACHMENT_BYTES} bytes decoded.`,
    format: 'byte',
  })
  @IsString()
  @IsEvidenceBase64(MAX_ATTACHMENT_BYTES)
  data_base64!: string;
}

export class SubmitFeedbackDto {
  @ApiProperty({ minLength: 1, maxLength: 5000 })
  @IsString()
  @Length(1, 5000)
  message!: string;

  @ApiProperty({ enum: FEEDBACK_CATEGORIES })
  @IsIn(FEEDBACK_CATEGORIES, {
    message: `category must be one of ${FEEDBACK_CATEGORIES.join(', ')}`,
  })
  category!: FeedbackCategory;

  @ApiPropertyOptional({
    maxLength: 500,
    example: '/wiki/pages/123',
    description: 'The app page the report is about.',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(500)
  page_path?: string;

  @ApiPropertyOptional({
    type: [FeedbackAttachmentUploadDto],
    maxItems: MAX_ATTACHMENTS,
    description: 'Private evidence, served only through the operators’ proxied route.',
  })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(MAX_ATTACHMENTS)
  @ValidateNested({ each: true })
  @Type(() => FeedbackAttachmentUploadDto)
  attachments?: FeedbackAttachmentUploadDto[];

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'Your retry key: sending the same one again returns the first report and writes nothing.',
  })
  @IsOmittable()
  @IsUuid()
  submission_id?: string;
}
