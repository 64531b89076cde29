import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { PageListQueryDto } from '../../pages/dtos/page-list-query.dto';

const PATH = { minLength: 1, maxLength: 2000 };
const TITLE = { minLength: 1, maxLength: 300 };

export class CreateFolderDto {
  @ApiProperty({
    ...PATH,
    description: 'Folder path, created with its missing parents (like mkdir -p).',
    example: '/Company/Runbooks/Databases',
  })
  @IsString()
  @Length(PATH.minLength, PATH.maxLength)
  path!: string;
}

export class FolderListQueryDto extends PageListQueryDto {
  @ApiPropertyOptional({
    ...PATH,
    description:
      'Folder path to list (`/Private`, `/Teams/<team>`, `/Company` or below). Omitted: your lane roots.',
    example: '/Company/Runbooks',
  })
  @IsOptional()
  @IsString()
  @Length(PATH.minLength, PATH.maxLength)
  path?: string;
}

export class FolderPathQueryDto {
  @ApiProperty({ ...PATH, description: 'The folder path.', example: '/Company/Old' })
  @IsString()
  @Length(PATH.minLength, PATH.maxLength)
  path!: string;
}

export class MoveFolderDto {
  @ApiProperty({ ...PATH, description: 'The folder to move.', example: '/Company/Drafts' })
  @IsString()
  @Length(PATH.minLength, PATH.maxLength)
  from!: string;

  @ApiProperty({
    ...PATH,
    description: 'Its new path in the same lane; must not exist yet. Missing parents are created.',
    example: '/Company/Archive/Drafts',
  })
  @IsString()
  @Length(PATH.minLength, PATH.maxLength)
  to!: string;
}

export class MovePageDto {
  @ApiPropertyOptional({
    ...PATH,
    description:
      'Target folder path (created like mkdir -p), in any lane you can write. Omitted: the page stays in its folder.',
    example: '/Company/Runbooks',
  })
  @IsOptional()
  @IsString()
  @Length(PATH.minLength, PATH.maxLength)
  path?: string;

  @ApiPropertyOptional({
    ...TITLE,
    description: 'New title. A title change writes a new head version with the same content.',
  })
  @IsOptional()
  @IsString()
  @Length(TITLE.minLength, TITLE.maxLength)
  title?: string;

  @ApiPropertyOptional({
    maxLength: 500,
    description: 'Change message kept with the version a rename writes.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  message?: string;
}
