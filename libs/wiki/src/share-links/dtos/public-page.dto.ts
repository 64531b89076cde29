import { ApiProperty } from '@nestjs/swagger';
import type { PublicPageView } from '../share-link.service';

export class PublicPageDto implements PublicPageView {
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Markdown of the current head.' }) content_md!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ type: 'integer', description: 'The current version number.' }) version!: number;
}
