import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The form the consent page posts: the authorization request again, and the decision. */
export class OAuthConsentDecisionDto {
  @ApiProperty({ enum: ['approve', 'deny'] })
  decision!: string;

  @ApiProperty({ description: 'Binds the form to the browser session that was shown it.' })
  consent_token!: string;

  @ApiProperty({ enum: ['code'] })
  response_type!: string;

  @ApiProperty()
  client_id!: string;

  @ApiProperty()
  redirect_uri!: string;

  @ApiPropertyOptional({ description: "The request's `state`, when it sent one." })
  state?: string;

  @ApiProperty()
  code_challenge!: string;

  @ApiProperty({ enum: ['S256'] })
  code_challenge_method!: string;

  @ApiPropertyOptional()
  scope?: string;

  @ApiPropertyOptional()
  resource?: string;

  @ApiPropertyOptional({
    type: [String],
    description:
      'The extra scopes (`billing:read`, `operator:all`) the request named that the person ticked.',
  })
  extra_scope?: string[];
}

/** The sign-in form of the authorization page. */
export class OAuthSignInFormDto {
  @ApiProperty()
  email!: string;

  @ApiProperty()
  password!: string;

  @ApiProperty({
    description: 'Where to return: an `/api/oauth/authorize?…` address of this server only.',
  })
  return_to!: string;
}
