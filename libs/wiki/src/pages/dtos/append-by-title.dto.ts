import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { IsString, Length, MaxLength } from 'class-validator';
import type { AppendByTitleRequest } from '../page-upsert.service';
import { MAX_MARKDOWN, PAGE_TITLE } from './page-fields';

export class AppendByTitleDto implements AppendByTitleRequest {
  @ApiProperty(PAGE_TITLE)
  @IsString()
  @Length(PAGE_TITLE.minLength, PAGE_TITLE.maxLength)
  title!: string;

  @ApiProperty({ minLength: 1, maxLength: MAX_MARKDOWN, description: 'Added at the end.' })
  @IsString()
  @Length(1, MAX_MARKDOWN)
  markdown!: string;

  @ApiPropertyOptional({
    description: 'Folder path; omitted: the Private Inbox.',
    example: '/Company/Runbooks',
  })
  @IsOmittable()
  @IsString()
  @Length(1, 2000)
  path?: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOmittable()
  @IsString()
  @MaxLength(500)
  message?: string;
}
