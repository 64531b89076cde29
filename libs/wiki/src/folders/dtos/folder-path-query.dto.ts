import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { FOLDER_PATH } from './folder-fields';

export class FolderPathQueryDto {
  @ApiProperty({ ...FOLDER_PATH, description: 'The folder path.', example: '/Company/Old' })
  @IsString()
  @Length(FOLDER_PATH.minLength, FOLDER_PATH.maxLength)
  path!: string;
}
