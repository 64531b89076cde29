import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable, MAX_LIST_OFFSET } from '@cw/platform';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

/** limit/offset pagination of list routes. */
export class PageListQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 50 })
  @IsOmittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_LIST_OFFSET, default: 0 })
  @IsOmittable()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_LIST_OFFSET)
  offset?: number;
}
