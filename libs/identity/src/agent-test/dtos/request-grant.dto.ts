import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GRANTABLE_SCOPES, SCOPES } from '@cw/domain';
import { IsOmittable } from '@cw/platform';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';
import { IsGrantableScopes } from '../../api-keys/dtos/is-grantable-scopes';
import type { GrantRequestedView } from '../agent-test-views';

export class RequestGrantDto {
  @ApiProperty({ description: 'The value of ACCEPTANCE_AUTH_SECRET.', maxLength: 1024 })
  @IsString()
  @MaxLength(1024)
  secret!: string;

  @ApiProperty({
    format: 'email',
    maxLength: 320,
    description: 'The testbed member the key acts as (case-insensitive).',
  })
  @IsEmail()
  @MaxLength(320)
  email!: string;

  @ApiProperty({
    maxLength: 200,
    description: 'The name of a company the member belongs to (case-insensitive).',
  })
  @IsString()
  @Length(1, 200)
  company!: string;

  @ApiPropertyOptional({
    type: [String],
    enum: GRANTABLE_SCOPES,
    minItems: 1,
    uniqueItems: true,
    default: SCOPES,
    description: 'The scopes of the key; omitted, the six scopes.',
  })
  @IsOmittable()
  @IsGrantableScopes()
  scopes?: string[];
}

export class GrantRequestedDto implements GrantRequestedView {
  @ApiProperty({ format: 'uuid' }) grant_id!: string;
  @ApiProperty({
    format: 'uri',
    description:
      'Open it in a browser signed in as a person with `testing.authorize` in the company.',
  })
  authorize_url!: string;
  @ApiProperty({ format: 'date-time', description: 'Unapproved by then, the grant is gone.' })
  expires_at!: string;
}
