import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { Type } from 'class-transformer';
import { IsString, Length, Matches, ValidateNested } from 'class-validator';

/** The wiki page every run of the workflow writes its report to. */
export class CreatePageOutputDto {
  @ApiProperty({
    example: '/Company/Reports',
    description: 'The folder: /Private/…, /Teams/<team>/… or /Company/….',
  })
  @IsString()
  @Length(2, 500)
  @Matches(/^\/(Private|Company|Teams\/[^/]+)(\/[^/]+)*$/, {
    message: 'output.create_page.path must be a folder under /Private, /Company or /Teams/<team>',
  })
  path!: string;

  @ApiProperty({ example: 'Weekly digest', minLength: 1, maxLength: 200 })
  @IsString()
  @Length(1, 200)
  title!: string;
}

/** Where the workflow delivers; without `create_page` no page is written. */
export class DesignOutputDto {
  @ApiPropertyOptional({ type: CreatePageOutputDto })
  @IsOmittable()
  @ValidateNested()
  @Type(() => CreatePageOutputDto)
  create_page?: CreatePageOutputDto;
}
