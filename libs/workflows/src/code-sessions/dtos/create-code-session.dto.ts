import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { IsIn } from 'class-validator';
import type { CodeLanguage } from '../../workflows-schema';

export class CreateCodeSessionDto {
  @ApiPropertyOptional({ enum: ['javascript'], default: 'javascript' })
  @IsOmittable()
  @IsIn(['javascript'])
  language?: CodeLanguage;
}
