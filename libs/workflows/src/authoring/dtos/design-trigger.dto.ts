import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { Type } from 'class-transformer';
import { IsString, ValidateNested } from 'class-validator';

export class ScheduleRequestDto {
  @ApiProperty({
    example: '0 9 * * 1',
    description: 'Five cron fields (or six, seconds first); at most once a minute.',
  })
  @IsString()
  cron!: string;

  @ApiPropertyOptional({ example: 'Europe/Berlin', default: 'UTC' })
  @IsOmittable()
  @IsString()
  timezone?: string;
}

/** How runs start besides on demand. */
export class DesignTriggerDto {
  @ApiPropertyOptional({
    type: ScheduleRequestDto,
    description: 'Starts a run on this schedule while the workflow is active.',
  })
  @IsOmittable()
  @ValidateNested()
  @Type(() => ScheduleRequestDto)
  schedule?: ScheduleRequestDto;
}
