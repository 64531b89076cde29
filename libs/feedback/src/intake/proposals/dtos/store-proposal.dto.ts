import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable, IsUuid } from '@cw/platform';
import { Type } from 'class-transformer';
import { IsObject, IsString, Length, MaxLength, ValidateNested } from 'class-validator';

export class ProposalDto {
  @ApiProperty({ minLength: 1, maxLength: 5_000 })
  @IsString()
  @Length(1, 5_000)
  summary!: string;

  @ApiPropertyOptional({ maxLength: 20_000 })
  @IsOmittable()
  @IsString()
  @MaxLength(20_000)
  plan?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Another existing report this one duplicates (not the report itself).',
  })
  @IsOmittable()
  @IsUuid()
  duplicate_of?: string;
}

export class StoreProposalDto {
  @ApiProperty({ type: ProposalDto })
  @IsObject()
  @ValidateNested()
  @Type(() => ProposalDto)
  proposal!: ProposalDto;
}
