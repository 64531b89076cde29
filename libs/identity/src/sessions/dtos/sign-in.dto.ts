import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable, IsUuid } from '@cw/platform';
import { IsEmail, IsString, MaxLength } from 'class-validator';

export class SignInDto {
  @ApiProperty({ format: 'email', maxLength: 320 })
  @IsEmail()
  @MaxLength(320)
  email!: string;

  @ApiProperty({ maxLength: 1024 })
  @IsString()
  @MaxLength(1024)
  password!: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Sign in to this company; default: the first.',
  })
  @IsOmittable()
  @IsUuid()
  company_id?: string;
}

export class SignedInPersonDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() email!: string;
  @ApiProperty() name!: string;
}

export class SignedInCompanyDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
}

export class SignInResponseDto {
  @ApiProperty({ type: SignedInPersonDto }) person!: SignedInPersonDto;
  @ApiProperty({ type: SignedInCompanyDto }) company!: SignedInCompanyDto;
  @ApiProperty({ enum: ['admin', 'member'] }) role!: 'admin' | 'member';
}
