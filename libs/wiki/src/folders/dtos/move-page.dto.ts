import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { IsString, Length, MaxLength } from 'class-validator';
import { FOLDER_PATH } from './folder-fields';
import { PAGE_TITLE } from '../../pages/dtos/page-fields';

export class MovePageDto {
  @ApiPropertyOptional({
    ...FOLDER_PATH,
    description:
      'Target folder path (created like mkdir -p), in any lane you can write. Omitted: the page stays in its folder.',
    example: '/Company/Runbooks',
  })
  @IsOmittable()
  @IsString()
  @Length(FOLDER_PATH.minLength, FOLDER_PATH.maxLength)
  path?: string;

  @ApiPropertyOptional({
    ...PAGE_TITLE,
    description: 'New title. A title change writes a new head version with the same content.',
  })
  @IsOmittable()
  @IsString()
  @Length(PAGE_TITLE.minLength, PAGE_TITLE.maxLength)
  title?: string;

  @ApiPropertyOptional({
    maxLength: 500,
    description: 'Change message kept with the version a rename writes.',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(500)
  message?: string;
}
