import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy } from '@cw/platform';
import type { FastifyReply } from 'fastify';
import {
  DEVELOPER_API_TAG,
  SCHEMA_REVISION_HEADER,
  SCHEMA_REVISION_HEADERS,
} from '../developer-api';
import { DiscoveryQueryDto } from '../discovery-query.dto';
import { OperationRecordsDto } from './dtos/operation-record.dto';
import type { OperationRecordsView } from './operation-record-view';
import { OperationRecordsService } from './operation-records.service';

@DescribedApiTag(DEVELOPER_API_TAG)
@Controller('api/developer/operations')
export class OperationsController {
  constructor(private readonly records: OperationRecordsService) {}

  @Get()
  @RoutePolicy({ access: 'person', mcpTools: ['discover_operations'] })
  @ApiOperation({
    operationId: 'discoverOperations',
    summary:
      'The operations `q` names, each with whether your credential is admitted and what to do if not.',
    description:
      'Computed from the live description and route policies: `token_admitted`, ' +
      '`missing_scopes`, `prerequisites` (operator grants checked live, session cookie only, ' +
      'internal token, settings), `unavailable_reason`, `next_action` and `contract_url`. ' +
      'Without `q`, every operation (the whole description: a bounded list, no paging). When ' +
      '`q` names exactly one operation its full `contract` is included. Any credential: no ' +
      'scope is needed.',
  })
  @ApiOkResponse({ type: OperationRecordsDto, headers: SCHEMA_REVISION_HEADERS })
  async find(
    @CurrentActor() actor: Actor,
    @Query() query: DiscoveryQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OperationRecordsView> {
    const answer = await this.records.find(actor, query.q ?? '');
    void reply.header(SCHEMA_REVISION_HEADER, answer.schema_revision);
    return answer;
  }
}
