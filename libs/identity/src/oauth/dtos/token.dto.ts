import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The form fields of `POST /api/oauth/token` (application/x-www-form-urlencoded). */
export class OAuthTokenRequestDto {
  @ApiProperty({ enum: ['authorization_code', 'refresh_token'] })
  grant_type!: string;

  @ApiProperty({ description: 'The `cwc_` client id of the registered public client.' })
  client_id!: string;

  @ApiPropertyOptional({ description: 'authorization_code: the code from the redirect.' })
  code?: string;

  @ApiPropertyOptional({
    description: 'authorization_code: the exact redirect_uri of the request.',
  })
  redirect_uri?: string;

  @ApiPropertyOptional({ description: 'authorization_code: the PKCE verifier (S256).' })
  code_verifier?: string;

  @ApiPropertyOptional({
    description: 'refresh_token: the `cwr_` refresh token, spent by this call.',
  })
  refresh_token?: string;

  @ApiPropertyOptional({ description: 'RFC 8707: the API base URL or the `/mcp` URL.' })
  resource?: string;
}

export interface OAuthTokenView {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

export class OAuthTokenResponseDto implements OAuthTokenView {
  @ApiProperty({ description: 'A `cwa_` access token: send it as `Authorization: Bearer`.' })
  access_token!: string;

  @ApiProperty({ enum: ['Bearer'] })
  token_type!: 'Bearer';

  @ApiProperty({
    description: '30 days in seconds (2592000); the 30 days restart on each use of the token.',
    example: 2592000,
  })
  expires_in!: number;

  @ApiPropertyOptional({
    description:
      'With `offline_access`: a `cwr_` refresh token with no expiry of its own. Each refresh ' +
      'spends it and returns a new one; presenting a spent one ends the whole sign-in.',
  })
  refresh_token?: string;

  @ApiProperty({ description: 'The granted scopes, space-separated.' })
  scope!: string;
}

/** The form fields of `POST /api/oauth/revoke` (RFC 7009). */
export class OAuthRevocationRequestDto {
  @ApiProperty({ description: 'A `cwa_` access token or a `cwr_` refresh token.' })
  token!: string;

  @ApiProperty({ description: 'The `cwc_` id of the client the token was issued to.' })
  client_id!: string;

  @ApiPropertyOptional({ enum: ['access_token', 'refresh_token'] })
  token_type_hint?: string;
}

export interface OAuthRevocationView {
  revoked: true;
}

export class OAuthRevocationResponseDto implements OAuthRevocationView {
  @ApiProperty({
    enum: [true],
    description:
      'Always true (RFC 7009): the sign-in of the token, if it was one of ours, has ended.',
  })
  revoked!: true;
}
