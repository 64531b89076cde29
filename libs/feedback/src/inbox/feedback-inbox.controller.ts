import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import {
  DescribedApiTag,
  FILE_DOWNLOAD_CONTENT,
  RoutePolicy,
  type RoutePolicyOptions,
  uuidParam,
} from '@cw/platform';
import type { FastifyReply } from 'fastify';
import {
  ATTACHMENT_ID_PARAM,
  FEEDBACK_ID_PARAM,
  FEEDBACK_INBOX_API_TAG,
} from '../feedback-api-tags';
import { FeedbackReportDto } from '../reports/dtos/feedback-report.dto';
import type { FeedbackReportView } from '../reports/feedback-report-view';
import { attachmentDisposition } from './attachment-disposition';
import { InboxIdsDto, InboxListDto } from './dtos/inbox-list.dto';
import { InboxFilterQueryDto, InboxListQueryDto } from './dtos/inbox-query.dto';
import { TriageDto } from './dtos/triage.dto';
import { type InboxIdsView, type InboxListView, InboxReadService } from './inbox-read.service';
import { TriageService } from './triage.service';

const OPERATOR_POLICY: RoutePolicyOptions = {
  access: 'person',
  scopes: ['operator:all'],
  operatorRequirements: ['feedback.view'],
};

const FILTERS =
  ' Filters combine with AND and apply before the page is cut; the order is stable (the id ' +
  'breaks ties). Needs scope `operator:all` and a live `feedback.view` grant. A `search` that ' +
  'runs longer than 2 s is stopped: 400 BAD_REQUEST with `details.reason` `search_too_slow`.';

@DescribedApiTag(FEEDBACK_INBOX_API_TAG)
@Controller('api/feedback')
export class FeedbackInboxController {
  constructor(
    private readonly inbox: InboxReadService,
    private readonly triage: TriageService,
  ) {}

  @Get()
  @RoutePolicy(OPERATOR_POLICY)
  @ApiOperation({
    operationId: 'listFeedback',
    summary: 'One page of the support inbox, with the total and whether more follow.',
    description:
      'Evidence is private: each attachment’s `url` is the proxied route below.' + FILTERS,
  })
  @ApiOkResponse({ type: InboxListDto })
  list(@Query() query: InboxListQueryDto): Promise<InboxListView> {
    return this.inbox.list(query);
  }

  @Get('ids')
  @RoutePolicy(OPERATOR_POLICY)
  @ApiOperation({
    operationId: 'listFeedbackIds',
    summary: 'The id and status of every report the inbox filters match, in the list’s order.',
    description: 'Same filters and sort as the list, without a page cut.' + FILTERS,
  })
  @ApiOkResponse({ type: InboxIdsDto })
  ids(@Query() query: InboxFilterQueryDto): Promise<InboxIdsView> {
    return this.inbox.ids(query);
  }

  @Post(':feedback_id/triage')
  @HttpCode(200)
  @RoutePolicy(OPERATOR_POLICY)
  @ApiOperation({
    operationId: 'triageFeedback',
    summary: 'Sets a report’s triage status and returns the report.',
    description:
      'Setting the current status again changes nothing. Moving an in_progress report elsewhere ' +
      'releases its intake lease: the session holding it gets 409 LEASE_NOT_HELD from then on. ' +
      'in_progress is entered only by an intake claim: asking for it answers 409 ' +
      'TRIAGE_STATUS_RESERVED. Needs scope `operator:all` and a live `feedback.view` grant.',
  })
  @ApiParam(FEEDBACK_ID_PARAM)
  @ApiOkResponse({ type: FeedbackReportDto })
  setStatus(
    @Param('feedback_id', uuidParam('feedback_id')) feedbackId: string,
    @Body() body: TriageDto,
  ): Promise<FeedbackReportView> {
    return this.triage.setStatus(feedbackId, body.status);
  }

  @Get(':feedback_id/attachments/:feedback_attachment_id')
  @RoutePolicy(OPERATOR_POLICY)
  @ApiOperation({
    operationId: 'getFeedbackAttachment',
    summary: 'Streams one evidence file of a report, as a download.',
    description:
      'Headers: the stored Content-Type, Content-Length, `Content-Disposition: attachment`, ' +
      '`X-Content-Type-Options: nosniff`, `Cache-Control: private, no-store`. 404 when the ' +
      'report has no such file. Needs scope `operator:all` and a live `feedback.view` grant.',
  })
  @ApiParam(FEEDBACK_ID_PARAM)
  @ApiParam(ATTACHMENT_ID_PARAM)
  @ApiOkResponse({
    description: 'The file bytes, with the content type stored at submission.',
    content: FILE_DOWNLOAD_CONTENT,
  })
  async download(
    @Param('feedback_id', uuidParam('feedback_id')) feedbackId: string,
    @Param('feedback_attachment_id', uuidParam('feedback_attachment_id')) attachmentId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.inbox.download(feedbackId, attachmentId);
    await reply
      .status(200)
      .header('Content-Type', file.contentType)
      .header('Content-Length', String(file.size))
      .header('Content-Disposition', attachmentDisposition(file.filename))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, no-store')
      .send(file.body);
  }
}
