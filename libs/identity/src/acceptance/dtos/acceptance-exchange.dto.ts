import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MEMBERSHIP_ROLES,
  OPERATOR_REQUIREMENTS,
  type MembershipRole,
  type OperatorRequirement,
} from '@cw/domain';
import { IsOmittable } from '@cw/platform';
import { ArrayMaxSize, IsArray, IsEmail, IsIn, IsString, Length, MaxLength } from 'class-validator';

export class AcceptanceExchangeDto {
  @ApiProperty({ description: 'The value of ACCEPTANCE_AUTH_SECRET.' })
  @IsString()
  @MaxLength(1024)
  secret!: string;

  @ApiProperty({ format: 'email' })
  @IsEmail()
  @MaxLength(320)
  email!: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOmittable()
  @IsString()
  @Length(1, 200)
  name?: string;

  @ApiProperty({
    description: 'Company name; found case-insensitively or created.',
    maxLength: 200,
  })
  @IsString()
  @Length(1, 200)
  company!: string;

  @ApiPropertyOptional({ enum: MEMBERSHIP_ROLES, default: 'member' })
  @IsOmittable()
  @IsIn(MEMBERSHIP_ROLES)
  role?: MembershipRole;

  @ApiPropertyOptional({ type: [String], maxItems: 50 })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @Length(1, 200, { each: true })
  teams?: string[];

  @ApiPropertyOptional({ type: [String], enum: OPERATOR_REQUIREMENTS })
  @IsOmittable()
  @IsArray()
  @IsIn(OPERATOR_REQUIREMENTS, { each: true })
  operator_grants?: OperatorRequirement[];
}

class NamedRecordDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
}

class ExchangedPersonDto extends NamedRecordDto {
  @ApiProperty() email!: string;
}

export class AcceptanceExchangeResponseDto {
  @ApiProperty({ type: ExchangedPersonDto }) person!: ExchangedPersonDto;
  @ApiProperty({ type: NamedRecordDto }) company!: NamedRecordDto;
  @ApiProperty({ enum: MEMBERSHIP_ROLES }) role!: MembershipRole;
  @ApiProperty({ type: [NamedRecordDto] }) teams!: NamedRecordDto[];
}
