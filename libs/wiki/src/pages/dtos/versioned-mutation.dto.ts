import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable, UUID_V4_PATTERN } from '@cw/platform';
import { IsInt, IsString, IsUUID, MaxLength, Min } from 'class-validator';

/** What every versioned write carries: the version observed and the caller's retry identity. */
export class VersionedMutationDto {
  @ApiProperty({ minimum: 1, description: 'The version the caller observed.' })
  @IsInt()
  @Min(1)
  expected_version!: number;

  @ApiProperty({
    format: 'uuid',
    pattern: UUID_V4_PATTERN,
    description: 'Caller-minted retry identity (UUID v4).',
  })
  @IsUUID('4')
  mutation_id!: string;

  @ApiPropertyOptional({ maxLength: 500, description: 'Change message kept with the version.' })
  @IsOmittable()
  @IsString()
  @MaxLength(500)
  message?: string;
}
