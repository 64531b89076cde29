import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { IsDefined, IsIn, IsString, IsUrl, MaxLength, ValidateIf } from 'class-validator';
import { INTAKE_OUTCOMES, type IntakeOutcome } from '../../../reports/feedback-statuses';

export class ResultDto {
  @ApiProperty({
    enum: INTAKE_OUTCOMES,
    description:
      '`pull_request`: a pull request fixes it (status `pr_open`); `closed`: nothing to change ' +
      '(status `closed`); `handed_back`: a person must look at it (status `handed_back`).',
  })
  @IsIn(INTAKE_OUTCOMES, { message: `outcome must be one of ${INTAKE_OUTCOMES.join(', ')}` })
  outcome!: IntakeOutcome;

  @ApiPropertyOptional({
    maxLength: 2048,
    example: 'https://github.com/acme/app/pull/42',
    description:
      'The pull request (https): required with outcome `pull_request`, refused otherwise.',
  })
  @ValidateIf(
    (body: ResultDto) => body.outcome === 'pull_request' || body.pull_request_url !== undefined,
  )
  @IsDefined({ message: 'pull_request_url is required with outcome pull_request' })
  @IsString()
  @MaxLength(2048)
  @IsUrl(
    { protocols: ['https'], require_protocol: true, require_tld: true },
    { message: 'pull_request_url must be an https URL' },
  )
  pull_request_url?: string;

  @ApiPropertyOptional({ maxLength: 5_000, description: 'For the people who read the report.' })
  @IsOmittable()
  @IsString()
  @MaxLength(5_000)
  note?: string;
}
