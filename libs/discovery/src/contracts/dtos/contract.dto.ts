import { ApiProperty } from '@nestjs/swagger';
import type { ContractIndexEntryView, ContractIndexView, ContractView } from '../contract-views';
import type { ContractAuthentication, OperationContract } from '../operation-contract';

const FREE_FORM = { type: 'object', additionalProperties: true } as const;

export const SCHEMA_REVISION_PROPERTY = {
  description:
    'A hash of the whole description (canonical JSON): it changes exactly when the description ' +
    'does. Keep it, and reload the contracts you use when it changes.',
  example: 'nS1kQ2o3mE1v6QvT3Qy3p3c1b9lYy2J2cWf3YwQ8eXo',
};

export class ContractAuthenticationDto implements ContractAuthentication {
  @ApiProperty({ enum: ['person', 'public', 'own_credential', 'internal_token'] }) access!: string;
  @ApiProperty({
    type: 'array',
    items: FREE_FORM,
    description: 'The schemes the operation takes (OpenAPI `security`); empty: none or its own.',
  })
  security!: unknown[];
  @ApiProperty({ type: [String] }) operator_requirements!: string[];
  @ApiProperty({
    type: [String],
    description:
      '`operator_grant:<name>`, `session_cookie_only`, `internal_token`, `own_credential`, `setting:<NAME>`.',
  })
  prerequisites!: string[];
  @ApiProperty({ example: 'checked_at_execution' }) resource_authorization!: string;
  @ApiProperty({ type: [String] }) mcp_tools!: string[];
}

export class ContractRequestDto {
  @ApiProperty({ type: 'array', items: FREE_FORM, description: 'OpenAPI parameter objects.' })
  parameters!: unknown[];
  @ApiProperty({
    ...FREE_FORM,
    nullable: true,
    description: 'The OpenAPI request body (content type to schema), or null.',
  })
  body!: unknown;
}

export class ContractDto implements OperationContract {
  @ApiProperty() operation_id!: string;
  @ApiProperty({ example: 'POST' }) method!: string;
  @ApiProperty({ example: '/api/wiki/pages/{page_id}/edits' }) path!: string;
  @ApiProperty() summary!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty() deprecated!: boolean;
  @ApiProperty({ type: ContractAuthenticationDto }) authentication!: ContractAuthenticationDto;
  @ApiProperty({
    type: [String],
    nullable: true,
    description: 'Any one admits a token, with implication; null: no scope is needed.',
  })
  required_scopes!: string[] | null;
  @ApiProperty({ type: ContractRequestDto }) request!: ContractRequestDto;
  @ApiProperty({ ...FREE_FORM, description: 'Declared success answers by status.' })
  responses!: Record<string, unknown>;
  @ApiProperty({ ...FREE_FORM, description: 'Declared error answers by status (the envelope).' })
  errors!: Record<string, unknown>;
  @ApiProperty({
    ...FREE_FORM,
    description: 'Every `#/components/schemas/*` referenced, transitively, by name.',
  })
  schemas!: Record<string, unknown>;
}

export class ContractResponseDto implements ContractView {
  @ApiProperty(SCHEMA_REVISION_PROPERTY) schema_revision!: string;
  @ApiProperty({ type: ContractDto }) contract!: ContractDto;
}

export class ContractIndexEntryDto implements ContractIndexEntryView {
  @ApiProperty() operation_id!: string;
  @ApiProperty({ example: 'GET' }) method!: string;
  @ApiProperty({ example: '/api/wiki/search' }) path!: string;
  @ApiProperty({ example: '/api/developer/contracts/searchWiki' }) contract_url!: string;
}

export class ContractIndexDto implements ContractIndexView {
  @ApiProperty(SCHEMA_REVISION_PROPERTY) schema_revision!: string;
  @ApiProperty({ type: [ContractIndexEntryDto] }) operations!: ContractIndexEntryDto[];
}
