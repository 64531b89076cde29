import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable, IsUuid } from '@cw/platform';
import { TERMINAL_RUN_STATUSES, type TerminalRunStatus } from '@cw/workflows/reports';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsString,
  Length,
} from 'class-validator';

export class CreateSubscriptionDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 2048,
    example: 'https://hooks.example.com/reports',
    description:
      'A public https address; every address its name resolves to must be public (422 otherwise). It is checked again before every send, and redirects are never followed.',
  })
  @IsString()
  @Length(1, 2048)
  target_url!: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Only reports of this workflow (one you can see); omitted: every workflow.',
  })
  @IsOmittable()
  @IsUuid()
  workflow_public_id?: string;

  @ApiPropertyOptional({
    type: [String],
    enum: TERMINAL_RUN_STATUSES,
    minItems: 1,
    uniqueItems: true,
    description: 'Only reports ending in these statuses; omitted: every terminal status.',
  })
  @IsOmittable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(TERMINAL_RUN_STATUSES.length)
  @ArrayUnique()
  @IsIn(TERMINAL_RUN_STATUSES, {
    each: true,
    message: `each status must be one of ${TERMINAL_RUN_STATUSES.join(', ')}`,
  })
  statuses?: TerminalRunStatus[];
}
