import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** A JSON-RPC 2.0 message of the MCP protocol (`initialize`, `tools/list`, `tools/call`, …). */
export class JsonRpcRequestDto {
  @ApiProperty({ enum: ['2.0'] }) jsonrpc!: '2.0';
  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'integer' }] }) id?: string | number;
  @ApiProperty({ example: 'tools/list' }) method!: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  params?: Record<string, unknown>;
}

export interface JsonRpcResponse {
  jsonrpc: '2.0';
  id: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

export class JsonRpcErrorDto {
  @ApiProperty({ type: 'integer' }) code!: number;
  @ApiProperty() message!: string;
  @ApiPropertyOptional() data?: unknown;
}

/** The JSON answer of one request (`enableJsonResponse`: no event stream). */
export class JsonRpcResponseDto implements JsonRpcResponse {
  @ApiProperty({ enum: ['2.0'] }) jsonrpc!: '2.0';
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'integer' }], nullable: true })
  id!: string | number | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  result?: Record<string, unknown>;
  @ApiPropertyOptional({ type: JsonRpcErrorDto }) error?: JsonRpcErrorDto;
}
