import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';

export class SyncChangesQueryDto {
  @ApiPropertyOptional({
    description: 'The next_cursor of the previous answer; omit to start from the beginning.',
    maxLength: 512,
  })
  @IsOmittable()
  @IsString()
  @MaxLength(512)
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 500, default: 100 })
  @IsOmittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;
}
