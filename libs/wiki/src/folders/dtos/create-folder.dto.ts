import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { FOLDER_PATH } from './folder-fields';

export class CreateFolderDto {
  @ApiProperty({
    ...FOLDER_PATH,
    description: 'Folder path, created with its missing parents (like mkdir -p).',
    example: '/Company/Runbooks/Databases',
  })
  @IsString()
  @Length(FOLDER_PATH.minLength, FOLDER_PATH.maxLength)
  path!: string;
}
