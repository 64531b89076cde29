import { ApiProperty } from '@nestjs/swagger';

export class PublicPageDto {
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Markdown of the current head.' }) content_md!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ description: 'The current version number.' }) version!: number;
}
