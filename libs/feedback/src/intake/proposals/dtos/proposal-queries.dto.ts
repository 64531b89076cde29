import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable, IsUuid, ListOffset } from '@cw/platform';
import { Type } from 'class-transformer';
import { IsInt, IsString, Length, Max, Min } from 'class-validator';

export const PENDING_LIMIT = { max: 50, default: 10 } as const;
export const SEARCH_LIMIT = { max: 100, default: 20 } as const;

export class PendingProposalsQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: PENDING_LIMIT.max,
    default: PENDING_LIMIT.default,
  })
  @IsOmittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(PENDING_LIMIT.max)
  limit?: number;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'The previous page’s `next_after`: the page starts after that report.',
  })
  @IsOmittable()
  @IsUuid()
  after?: string;
}

export class ProposalSearchQueryDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 200,
    description:
      'Matched (case-insensitive, as written: `%` and `_` are plain characters) against message, submitter, company, page path and report id.',
  })
  @IsString()
  @Length(1, 200)
  q!: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: SEARCH_LIMIT.max,
    default: SEARCH_LIMIT.default,
  })
  @IsOmittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(SEARCH_LIMIT.max)
  limit?: number;

  @ListOffset()
  offset?: number;
}
