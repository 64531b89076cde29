import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export interface ErrorBody {
  code: string;
  message: string;
  timestamp: string;
  request_id: string;
  details?: Record<string, unknown>;
}

export interface ErrorEnvelope {
  success: false;
  error: ErrorBody;
}

export function errorEnvelope(
  code: string,
  message: string,
  requestId: string,
  details?: Record<string, unknown>,
): ErrorEnvelope {
  const error: ErrorBody = {
    code,
    message,
    timestamp: new Date().toISOString(),
    request_id: requestId,
  };
  if (details && Object.keys(details).length > 0) error.details = details;
  return { success: false, error };
}

export class ErrorBodySchema {
  @ApiProperty({ description: 'Fixed machine-readable name; branch on it.', example: 'NOT_FOUND' })
  code!: string;

  @ApiProperty({ description: 'For people.' })
  message!: string;

  @ApiProperty({ format: 'date-time' })
  timestamp!: string;

  @ApiProperty({ description: 'Equals the X-Request-Id response header.' })
  request_id!: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  details?: Record<string, unknown>;
}

export class ErrorEnvelopeSchema {
  @ApiProperty({ enum: [false] })
  success!: false;

  @ApiProperty({ type: ErrorBodySchema })
  error!: ErrorBodySchema;
}

/** RFC 6749 5.2: the error body of the OAuth token, registration and revocation endpoints. */
export class OAuthErrorSchema {
  @ApiProperty({
    description: 'The OAuth error code, such as invalid_grant or invalid_request.',
    example: 'invalid_grant',
  })
  error!: string;

  @ApiPropertyOptional({ description: 'Why, for people.' })
  error_description?: string;
}
