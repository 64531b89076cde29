import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { IsInt, IsString, Length, Max, Min } from 'class-validator';

export const LEASE_SECONDS = { min: 60, max: 3_600, default: 900 } as const;

export class ClaimDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 200,
    example: 'intake-agent-7f3a',
    description: 'Names the claiming agent session (shown to operators; not a credential).',
  })
  @IsString()
  @Length(1, 200)
  session_id!: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: LEASE_SECONDS.min,
    maximum: LEASE_SECONDS.max,
    default: LEASE_SECONDS.default,
    description:
      'How long the lease lasts; extend it with `POST /api/feedback/intake/{feedback_id}/lease`.',
  })
  @IsOmittable()
  @IsInt()
  @Min(LEASE_SECONDS.min)
  @Max(LEASE_SECONDS.max)
  lease_seconds?: number;
}

/** Extends a held lease (`POST /api/feedback/intake/{feedback_id}/lease`). */
export class RenewLeaseDto {
  @ApiProperty({
    type: 'integer',
    minimum: LEASE_SECONDS.min,
    maximum: LEASE_SECONDS.max,
    example: 1800,
    description: 'The lease then lasts this long from now (it is never shortened).',
  })
  @IsInt()
  @Min(LEASE_SECONDS.min)
  @Max(LEASE_SECONDS.max)
  lease_seconds!: number;
}
