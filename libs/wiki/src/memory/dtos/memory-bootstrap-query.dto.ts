import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_SEARCH_TEXT, normalizeSearchText } from '../../search/search-text';

export const MEMORY_DEFAULT_LIMIT = 8;
export const MEMORY_MAX_LIMIT = 50;

const BOOLEANS: Readonly<Record<string, boolean>> = {
  true: true,
  '1': true,
  false: false,
  '0': false,
};

export class MemoryBootstrapQueryDto {
  @ApiPropertyOptional({
    maxLength: MAX_SEARCH_TEXT,
    description:
      'Keywords (same syntax as wiki search). Without it, or empty, only the standing memory ' +
      'page is returned.',
  })
  @IsOmittable()
  @Transform(({ value }) => normalizeSearchText(value))
  @IsString()
  @MaxLength(MAX_SEARCH_TEXT)
  query?: string;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'Also search team and company pages you can read (true/false or 1/0).',
  })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.toLowerCase() in BOOLEANS
      ? BOOLEANS[value.toLowerCase()]
      : value,
  )
  @IsBoolean()
  include_shared: boolean = false;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: MEMORY_MAX_LIMIT,
    default: MEMORY_DEFAULT_LIMIT,
    description: 'Most notes returned, the standing memory page included.',
  })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MEMORY_MAX_LIMIT)
  limit: number = MEMORY_DEFAULT_LIMIT;
}
