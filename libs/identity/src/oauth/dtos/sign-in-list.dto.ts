import { ApiProperty } from '@nestjs/swagger';

export interface OAuthSignInView {
  id: string;
  client_id: string;
  client_name: string;
  scopes: string[];
  offline_access: boolean;
  created_at: string;
  last_used_at: string | null;
}

export class OAuthSignInDto implements OAuthSignInView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'The `cwc_` id of the application.' })
  client_id!: string;

  @ApiProperty()
  client_name!: string;

  @ApiProperty({ type: [String] })
  scopes!: string[];

  @ApiProperty({ description: 'It holds a refresh token.' })
  offline_access!: boolean;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time', type: String, nullable: true })
  last_used_at!: string | null;
}

export class OAuthSignInListDto {
  @ApiProperty({ type: [OAuthSignInDto] })
  oauth_sign_ins!: OAuthSignInDto[];
}
