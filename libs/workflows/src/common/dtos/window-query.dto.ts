import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable, MAX_LIST_OFFSET } from '@cw/platform';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

/** The limit/offset window of the workflows context's list routes (limit 1..200, default 50). */
export class WindowQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 50 })
  @IsOmittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_LIST_OFFSET, default: 0 })
  @IsOmittable()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_LIST_OFFSET)
  offset?: number;
}
