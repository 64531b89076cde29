import { ApiProperty } from '@nestjs/swagger';

export class SearchResultDto {
  @ApiProperty({ type: 'integer', description: 'Legacy numeric page id.', example: 42 })
  page_id!: number;

  @ApiProperty({ format: 'uuid' })
  page_public_id!: string;

  @ApiProperty({ description: 'Folder path plus "/" plus title.', example: '/Company/Eng/Deploys' })
  path!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty({ type: 'integer', description: "The page's current version." })
  version!: number;

  @ApiProperty({
    description: 'Relative web-app URL of the page: /wiki/pages/<page_public_id>.',
    example: '/wiki/pages/0b8e6c1e-8f5e-4c47-9d1b-2f3f0f7f4b7a',
  })
  url!: string;

  @ApiProperty({
    description:
      'Plain-text excerpt of the body with matches between « and » (not HTML); fragments are ' +
      'joined by " … ". The beginning of the body when only the title matched.',
  })
  snippet!: string;
}

export class SearchResponseDto {
  @ApiProperty({ type: [SearchResultDto] })
  results!: SearchResultDto[];

  @ApiProperty({ description: 'More results follow at offset + limit.' })
  has_more!: boolean;
}
