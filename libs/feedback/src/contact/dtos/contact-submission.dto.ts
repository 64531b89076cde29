import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { IsEmail, IsString, Length, Matches, MaxLength } from 'class-validator';
import type { ContactAccepted, ContactSubmission } from '../contact-submission';

/** No control characters (line breaks included): the field goes into a mail header. */
const ONE_LINE = /^\P{Cc}*$/u;

export class ContactSubmissionDto implements ContactSubmission {
  @ApiProperty({
    minLength: 1,
    maxLength: 200,
    description: 'Who is writing: one line, not only whitespace (it is named in the subject).',
    example: 'Ada Lovelace',
  })
  @IsString()
  @Length(1, 200)
  @Matches(/\S/, { message: 'name must not be blank' })
  @Matches(ONE_LINE, { message: 'name must be one line without control characters' })
  name!: string;

  @ApiProperty({
    format: 'email',
    maxLength: 320,
    description: 'Where the team answers (the mail’s Reply-To).',
    example: 'ada@example.com',
  })
  @IsEmail()
  @MaxLength(320)
  email!: string;

  @ApiProperty({
    minLength: 1,
    maxLength: 5000,
    description: 'The message: plain text, line breaks kept, never read as HTML.',
    example: 'We would like a demo for a team of 40.',
  })
  @IsString()
  @Length(1, 5000)
  @Matches(/\S/, { message: 'message must not be blank' })
  message!: string;

  @ApiPropertyOptional({
    maxLength: 200,
    description: 'The sender’s company: one line.',
    example: 'Analytical Engines Ltd',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(200)
  @Matches(ONE_LINE, { message: 'company must be one line without control characters' })
  company?: string;
}

export class ContactAcceptedDto implements ContactAccepted {
  @ApiProperty({ enum: [true], description: 'The mail server took the message.' })
  accepted!: true;
}
