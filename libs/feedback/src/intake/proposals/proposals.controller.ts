import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { FILE_DOWNLOAD_CONTENT, RoutePolicy, uuidParam } from '@cw/platform';
import type { FastifyReply } from 'fastify';
import { ATTACHMENT_ID_PARAM, FEEDBACK_ID_PARAM } from '../../feedback-api-tags';
import { EVIDENCE_DOWNLOAD_HEADERS, EvidenceDownload } from '../evidence-download';
import { ApiInternalTokenRefusal, InternalRoutes } from '../internal-route.decorator';
import {
  PENDING_LIMIT,
  PendingProposalsQueryDto,
  SEARCH_LIMIT,
  ProposalSearchQueryDto,
} from './dtos/proposal-queries.dto';
import {
  PendingProposalsDto,
  ProposalSearchDto,
  StoredProposalDto,
} from './dtos/proposal-responses.dto';
import { StoreProposalDto } from './dtos/store-proposal.dto';
import { ProposalService } from './proposal.service';
import type {
  PendingProposalsView,
  ProposalSearchView,
  StoredProposalView,
} from './proposal-views';

@InternalRoutes()
@Controller('api/feedback/proposals')
export class ProposalsController {
  constructor(
    private readonly proposals: ProposalService,
    private readonly evidence: EvidenceDownload,
  ) {}

  @Get('pending')
  @RoutePolicy({ access: 'route_specific', requiresSettings: ['INTERNAL_API_TOKEN'] })
  @ApiInternalTokenRefusal()
  @ApiOperation({
    operationId: 'listPendingFeedbackProposals',
    summary: 'Reports with no proposal yet, every status, oldest first, with their evidence.',
    description:
      'Page with `after` = the previous `next_after`; a report drops out once it has a ' +
      'proposal. An `after` that names no report is 400 BAD_REQUEST (`details.field` = `after`).',
  })
  @ApiOkResponse({ type: PendingProposalsDto })
  pending(@Query() query: PendingProposalsQueryDto): Promise<PendingProposalsView> {
    return this.proposals.pending(query.after, query.limit ?? PENDING_LIMIT.default);
  }

  @Get('search')
  @RoutePolicy({ access: 'route_specific', requiresSettings: ['INTERNAL_API_TOKEN'] })
  @ApiInternalTokenRefusal()
  @ApiOperation({
    operationId: 'searchFeedbackProposals',
    summary: 'Possible duplicates: reports containing `q`, every status, newest first.',
    description:
      '`q` is matched as literal text (case-insensitive) against the message, submitter, company, page path and report id. ' +
      'A search that runs longer than 2 s is stopped: 400 BAD_REQUEST with `details.reason` `search_too_slow`.',
  })
  @ApiOkResponse({ type: ProposalSearchDto })
  search(@Query() query: ProposalSearchQueryDto): Promise<ProposalSearchView> {
    return this.proposals.search(query.q, query.limit ?? SEARCH_LIMIT.default, query.offset ?? 0);
  }

  @Get(':feedback_id/attachments/:feedback_attachment_id')
  @RoutePolicy({ access: 'route_specific', requiresSettings: ['INTERNAL_API_TOKEN'] })
  @ApiInternalTokenRefusal()
  @ApiOperation({
    operationId: 'readFeedbackProposalAttachment',
    summary: 'Reads one evidence file of any report.',
    description: EVIDENCE_DOWNLOAD_HEADERS,
  })
  @ApiParam(FEEDBACK_ID_PARAM)
  @ApiParam(ATTACHMENT_ID_PARAM)
  @ApiOkResponse({
    description: 'The file bytes, with the content type stored at upload.',
    content: FILE_DOWNLOAD_CONTENT,
  })
  async attachment(
    @Param('feedback_id', uuidParam('feedback_id')) feedbackId: string,
    @Param('feedback_attachment_id', uuidParam('feedback_attachment_id')) attachmentId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.evidence.send(reply, await this.proposals.attachment(feedbackId, attachmentId));
  }

  @Post(':feedback_id')
  @HttpCode(200)
  @RoutePolicy({ access: 'route_specific', requiresSettings: ['INTERNAL_API_TOKEN'] })
  @ApiInternalTokenRefusal()
  @ApiOperation({
    operationId: 'storeFeedbackProposal',
    summary: 'Stores the report’s proposal, replacing any earlier one; changes nothing else.',
    description:
      'Status, lease, plan and the report’s other fields stay as they are. `duplicate_of` must ' +
      'name another existing report (400 BAD_REQUEST otherwise). Storing the same proposal ' +
      'again is harmless; of two concurrent stores, the later one stays.',
  })
  @ApiParam(FEEDBACK_ID_PARAM)
  @ApiOkResponse({ type: StoredProposalDto })
  store(
    @Param('feedback_id', uuidParam('feedback_id')) feedbackId: string,
    @Body() body: StoreProposalDto,
  ): Promise<StoredProposalView> {
    return this.proposals.store(feedbackId, body.proposal);
  }
}
