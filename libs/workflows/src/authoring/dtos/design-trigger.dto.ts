import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, IsString, ValidateNested } from 'class-validator';

export class ScheduleRequestDto {
  @ApiProperty({
    example: '0 9 * * 1',
    description: 'Five cron fields (or six, seconds first); at most once a minute.',
  })
  @IsString()
  cron!: string;

  @ApiPropertyOptional({ example: 'Europe/Berlin', default: 'UTC' })
  @IsOptional()
  @IsString()
  timezone?: string;
}

/** How runs start besides on demand. */
export class DesignTriggerDto {
  @ApiPropertyOptional({
    type: ScheduleRequestDto,
    description: 'Starts a run on this schedule while the workflow is active.',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => ScheduleRequestDto)
  schedule?: ScheduleRequestDto;
}
