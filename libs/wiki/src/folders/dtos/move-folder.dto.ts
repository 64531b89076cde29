import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { FOLDER_PATH } from './folder-fields';

export class MoveFolderDto {
  @ApiProperty({ ...FOLDER_PATH, description: 'The folder to move.', example: '/Company/Drafts' })
  @IsString()
  @Length(FOLDER_PATH.minLength, FOLDER_PATH.maxLength)
  from!: string;

  @ApiProperty({
    ...FOLDER_PATH,
    description: 'Its new path in the same lane; must not exist yet. Missing parents are created.',
    example: '/Company/Archive/Drafts',
  })
  @IsString()
  @Length(FOLDER_PATH.minLength, FOLDER_PATH.maxLength)
  to!: string;
}
