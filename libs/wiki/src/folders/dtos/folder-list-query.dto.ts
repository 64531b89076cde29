import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { IsString, Length } from 'class-validator';
import { FOLDER_PATH } from './folder-fields';
import { PageListQueryDto } from '../../pages/dtos/page-list-query.dto';

export class FolderListQueryDto extends PageListQueryDto {
  @ApiPropertyOptional({
    ...FOLDER_PATH,
    description:
      'Folder path to list (`/Private`, `/Teams/<team>`, `/Company` or below). Omitted: your lane roots.',
    example: '/Company/Runbooks',
  })
  @IsOmittable()
  @IsString()
  @Length(FOLDER_PATH.minLength, FOLDER_PATH.maxLength)
  path?: string;
}
