import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { Type } from 'class-transformer';
import { IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { COMPANY_REF_PATTERN } from '../company-ref';

export const SUMMARY_LIMIT = { min: 1, max: 25, default: 5 };

export class HomeSummaryQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: SUMMARY_LIMIT.min,
    maximum: SUMMARY_LIMIT.max,
    default: SUMMARY_LIMIT.default,
    description: 'The most items of each list (pages, reports, chips).',
  })
  @IsOmittable()
  @Type(() => Number)
  @IsInt()
  @Min(SUMMARY_LIMIT.min)
  @Max(SUMMARY_LIMIT.max)
  limit?: number;

  @ApiPropertyOptional({
    description:
      'The company (UUID or legacy integer id >= 1). A credential acts in one company: any ' +
      'other company is 403. Omitted: the credential’s company.',
    example: '7',
  })
  @IsOmittable()
  @IsString()
  @Matches(COMPANY_REF_PATTERN, { message: 'company_id must be a UUID or an integer >= 1' })
  company_id?: string;
}
