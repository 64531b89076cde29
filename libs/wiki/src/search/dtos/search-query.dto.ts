import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsString, Length, Max, Min } from 'class-validator';
import { MAX_SEARCH_TEXT, normalizeSearchText } from '../search-text';

export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_MAX_OFFSET = 10_000;

export class SearchQueryDto {
  @ApiProperty({
    minLength: 1,
    maxLength: MAX_SEARCH_TEXT,
    description:
      'Search text (web-search syntax): words must all match, "quoted words" match as a phrase, ' +
      '-word excludes, `or` alternates; the last word also matches as a prefix. Trimmed.',
    example: 'deploy "release train" -draft',
  })
  @Transform(({ value }) => normalizeSearchText(value))
  @IsString()
  @Length(1, MAX_SEARCH_TEXT)
  q!: string;

  @ApiPropertyOptional({ minimum: 1, maximum: SEARCH_MAX_LIMIT, default: SEARCH_DEFAULT_LIMIT })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(SEARCH_MAX_LIMIT)
  limit: number = SEARCH_DEFAULT_LIMIT;

  @ApiPropertyOptional({ minimum: 0, maximum: SEARCH_MAX_OFFSET, default: 0 })
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(SEARCH_MAX_OFFSET)
  offset: number = 0;
}
