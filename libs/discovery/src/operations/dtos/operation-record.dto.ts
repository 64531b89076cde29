import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ContractDto, SCHEMA_REVISION_PROPERTY } from '../../contracts/dtos/contract.dto';
import type { OperationRecordsView, OperationRecordView } from '../operation-record-view';

export class OperationRecordDto implements OperationRecordView {
  @ApiProperty({ example: 'editPage' }) operation_id!: string;
  @ApiProperty({ example: 'POST' }) method!: string;
  @ApiProperty({ example: '/api/wiki/pages/{page_id}/edits' }) path!: string;
  @ApiProperty({
    type: [String],
    nullable: true,
    description: 'Any one admits a token, with implication; null: no scope is needed.',
  })
  required_scopes!: string[] | null;
  @ApiProperty({
    type: [String],
    description:
      'Known prerequisites beyond scopes: `operator_grant:<name>`, `session_cookie_only`, ' +
      '`internal_token`, `own_credential` (a secret, link token or signature of its own), ' +
      '`setting:<NAME>` (a setting the deployment must have).',
  })
  prerequisites!: string[];
  @ApiProperty({
    description:
      'Whether your credential passes the route policy and its live prerequisites now. The ' +
      'route still decides each target (page, workflow, …) when called.',
  })
  token_admitted!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The first obstacle, null when admitted: `not_configured:<NAME>`, ' +
      '`session_cookie_required`, `insufficient_scope`, `operator_grant_missing:<name>`, ' +
      '`internal_token_required`, `own_credential_required`.',
  })
  unavailable_reason!: string | null;
  @ApiProperty({
    type: [String],
    description:
      'Scopes of which any one would admit your token; empty when scopes are not the obstacle.',
  })
  missing_scopes!: string[];
  @ApiProperty({ description: 'What to do next, in sentences.' }) next_action!: string;
  @ApiProperty({ example: '/api/developer/contracts/editPage' }) contract_url!: string;
  @ApiPropertyOptional({
    type: ContractDto,
    description: 'The full contract, only when the query named exactly one operation.',
  })
  contract?: ContractDto;
}

export class OperationRecordsDto implements OperationRecordsView {
  @ApiProperty(SCHEMA_REVISION_PROPERTY) schema_revision!: string;
  @ApiProperty({ type: [OperationRecordDto], description: 'In path order.' })
  operations!: OperationRecordDto[];
}
