import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** RFC 7591 client metadata a public client sends to `POST /api/oauth/register`. */
export class OAuthClientRegistrationRequestDto {
  @ApiProperty({
    type: [String],
    description:
      '1 to 10 exact redirect URIs: https, http only to localhost/127.0.0.1/[::1], or a ' +
      "native app's private-use scheme; no fragment.",
    example: ['http://127.0.0.1:6274/oauth/callback'],
  })
  redirect_uris!: string[];

  @ApiPropertyOptional({ description: 'Shown on the consent page (1 to 200 characters).' })
  client_name?: string;

  @ApiPropertyOptional({ description: "The application's home page." })
  client_uri?: string;

  @ApiPropertyOptional({ enum: ['none'], description: 'Public clients only.' })
  token_endpoint_auth_method?: string;

  @ApiPropertyOptional({
    type: [String],
    enum: ['authorization_code', 'refresh_token'],
  })
  grant_types?: string[];

  @ApiPropertyOptional({ type: [String], enum: ['code'] })
  response_types?: string[];
}

export interface OAuthClientView {
  client_id: string;
  client_id_issued_at: number;
  client_name: string;
  client_uri?: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: 'none';
}

export class OAuthClientResponseDto implements OAuthClientView {
  @ApiProperty({ description: 'The `cwc_` client id; there is no client secret.' })
  client_id!: string;

  @ApiProperty({ description: 'Seconds since the epoch.' })
  client_id_issued_at!: number;

  @ApiProperty()
  client_name!: string;

  @ApiPropertyOptional()
  client_uri?: string;

  @ApiProperty({ type: [String] })
  redirect_uris!: string[];

  @ApiProperty({ type: [String], example: ['authorization_code', 'refresh_token'] })
  grant_types!: string[];

  @ApiProperty({ type: [String], example: ['code'] })
  response_types!: string[];

  @ApiProperty({ enum: ['none'] })
  token_endpoint_auth_method!: 'none';
}
