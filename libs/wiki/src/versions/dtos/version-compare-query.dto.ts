import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

const VERSION = { minimum: 1, maximum: 999_999_999 };

export class VersionCompareQueryDto {
  @ApiProperty({ ...VERSION, description: 'The older side of the comparison.', example: 1 })
  @Type(() => Number)
  @IsInt()
  @Min(VERSION.minimum)
  @Max(VERSION.maximum)
  from!: number;

  @ApiProperty({ ...VERSION, description: 'The newer side of the comparison.', example: 2 })
  @Type(() => Number)
  @IsInt()
  @Min(VERSION.minimum)
  @Max(VERSION.maximum)
  to!: number;
}
