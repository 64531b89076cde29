import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { DescribedApiTag, RoutePolicy } from '@cw/platform';
import type { FastifyReply } from 'fastify';
import {
  DEVELOPER_API_TAG,
  SCHEMA_REVISION_HEADER,
  SCHEMA_REVISION_HEADERS,
} from '../developer-api';
import { DiscoveryQueryDto } from '../discovery-query.dto';
import type { ContractIndexView, ContractView } from './contract-views';
import { ContractsService } from './contracts.service';
import { ContractIndexDto, ContractResponseDto } from './dtos/contract.dto';

@DescribedApiTag(DEVELOPER_API_TAG)
@Controller('api/developer/contracts')
export class ContractsController {
  constructor(private readonly contracts: ContractsService) {}

  @Get()
  @RoutePolicy({ access: 'public' })
  @ApiOperation({
    operationId: 'listOperationContracts',
    summary: 'The public index of operations, each with its contract_url; no sign-in.',
    description:
      'Every operation of the description that `q` names (all of them without `q`), in path ' +
      'order, with `schema_revision`. Admission for your credential: GET /api/developer/operations.',
  })
  @ApiOkResponse({ type: ContractIndexDto, headers: SCHEMA_REVISION_HEADERS })
  index(
    @Query() query: DiscoveryQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): ContractIndexView {
    const answer = this.contracts.index(query.q ?? '');
    void reply.header(SCHEMA_REVISION_HEADER, answer.schema_revision);
    return answer;
  }

  @Get(':operation_id')
  @RoutePolicy({ access: 'public' })
  @ApiOperation({
    operationId: 'getOperationContract',
    summary: "One operation's contract: authentication, request, answers, errors and schemas.",
    description:
      'The request (parameters and body schema), the declared success answers, the declared ' +
      'errors with the envelope, and every component schema they reference, transitively. An ' +
      'unknown operation id is 404.',
  })
  @ApiParam({
    name: 'operation_id',
    description: 'An `operationId` of /openapi.json.',
    example: 'searchWiki',
  })
  @ApiOkResponse({ type: ContractResponseDto, headers: SCHEMA_REVISION_HEADERS })
  contract(
    @Param('operation_id') operationId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): ContractView {
    const answer = this.contracts.contract(operationId);
    void reply.header(SCHEMA_REVISION_HEADER, answer.schema_revision);
    return answer;
  }
}
