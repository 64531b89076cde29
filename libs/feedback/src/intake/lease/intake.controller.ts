import { Body, Controller, Get, Header, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { ErrorEnvelopeSchema, FILE_DOWNLOAD_CONTENT, RoutePolicy, uuidParam } from '@cw/platform';
import type { FastifyReply } from 'fastify';
import { ATTACHMENT_ID_PARAM, FEEDBACK_ID_PARAM } from '../../feedback-api-tags';
import { EVIDENCE_DOWNLOAD_HEADERS, EvidenceDownload } from '../evidence-download';
import { ApiInternalTokenRefusal, InternalRoutes } from '../internal-route.decorator';
import { ClaimDto, RenewLeaseDto } from './dtos/claim.dto';
import {
  ClaimAnswerDto,
  IntakeResultDto,
  LeaseRenewedDto,
  PlanRecordedDto,
  StartedDto,
} from './dtos/intake-responses.dto';
import { PlanDto } from './dtos/plan.dto';
import { ResultDto } from './dtos/result.dto';
import { IntakeService } from './intake.service';
import type {
  ClaimView,
  IntakeResultView,
  LeaseRenewedView,
  PlanRecordedView,
  StartedView,
} from './intake-views';
import { LEASE_TOKEN_HEADER } from './lease-token';

const LEASE_HEADER = {
  name: LEASE_TOKEN_HEADER,
  required: true,
  description: 'The `lease_token` the claim answered with.',
};

const LEASE_NOT_HELD = {
  description:
    'LEASE_NOT_HELD: the lease token is missing, wrong, expired, released by a result, or the ' +
    'report was claimed by another session since. Stop working on the report; nothing changed.',
  type: ErrorEnvelopeSchema,
};

@InternalRoutes()
@Controller('api/feedback/intake')
export class IntakeController {
  constructor(
    private readonly intake: IntakeService,
    private readonly evidence: EvidenceDownload,
  ) {}

  @Post('claim')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @RoutePolicy({ access: 'route_specific', requiresSettings: ['INTERNAL_API_TOKEN'] })
  @ApiInternalTokenRefusal()
  @ApiOperation({
    operationId: 'claimFeedbackIntake',
    summary: 'Leases the oldest approved report to the session, or says the queue is empty.',
    description:
      'The report moves to `in_progress`. The lease lasts `lease_seconds` (60..3600, default ' +
      '900) and is not renewed; once it expires the report returns to `approved` and the next ' +
      'claim may lease it to another session. Concurrent claimers never get the same report.',
  })
  @ApiOkResponse({ type: ClaimAnswerDto })
  claim(@Body() body: ClaimDto): Promise<ClaimView> {
    return this.intake.claim(body.session_id, body.lease_seconds);
  }

  @Get(':feedback_id/attachments/:feedback_attachment_id')
  @RoutePolicy({ access: 'route_specific', requiresSettings: ['INTERNAL_API_TOKEN'] })
  @ApiInternalTokenRefusal()
  @ApiOperation({
    operationId: 'readFeedbackIntakeAttachment',
    summary: 'Reads one evidence file of the leased report while the lease is live.',
    description: EVIDENCE_DOWNLOAD_HEADERS,
  })
  @ApiParam(FEEDBACK_ID_PARAM)
  @ApiParam(ATTACHMENT_ID_PARAM)
  @ApiHeader(LEASE_HEADER)
  @ApiOkResponse({
    description: 'The file bytes, with the content type stored at upload.',
    content: FILE_DOWNLOAD_CONTENT,
  })
  @ApiConflictResponse(LEASE_NOT_HELD)
  async attachment(
    @Param('feedback_id', uuidParam('feedback_id')) feedbackId: string,
    @Param('feedback_attachment_id', uuidParam('feedback_attachment_id')) attachmentId: string,
    @Headers(LEASE_TOKEN_HEADER) leaseToken: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.intake.attachment(feedbackId, leaseToken ?? '', attachmentId);
    await this.evidence.send(reply, file);
  }

  @Post(':feedback_id/plan')
  @HttpCode(200)
  @RoutePolicy({ access: 'route_specific', requiresSettings: ['INTERNAL_API_TOKEN'] })
  @ApiInternalTokenRefusal()
  @ApiOperation({
    operationId: 'recordFeedbackIntakePlan',
    summary: 'Stores the plan of the fix (shown in the app), replacing an earlier one.',
    description:
      'Needs the live lease (`x-feedback-lease-token`); otherwise 409 LEASE_NOT_HELD and nothing changes.',
  })
  @ApiParam(FEEDBACK_ID_PARAM)
  @ApiHeader(LEASE_HEADER)
  @ApiOkResponse({ type: PlanRecordedDto })
  @ApiConflictResponse(LEASE_NOT_HELD)
  plan(
    @Param('feedback_id', uuidParam('feedback_id')) feedbackId: string,
    @Headers(LEASE_TOKEN_HEADER) leaseToken: string | undefined,
    @Body() body: PlanDto,
  ): Promise<PlanRecordedView> {
    return this.intake.plan(feedbackId, leaseToken ?? '', body.plan);
  }

  @Post(':feedback_id/lease')
  @HttpCode(200)
  @RoutePolicy({ access: 'route_specific', requiresSettings: ['INTERNAL_API_TOKEN'] })
  @ApiInternalTokenRefusal()
  @ApiOperation({
    operationId: 'renewFeedbackIntakeLease',
    summary: 'Extends the held lease: it then lasts `lease_seconds` (60..3600) from now.',
    description:
      'For a fix that takes longer than the lease asked for at claim time. Never shortens the ' +
      'lease, so a retried renewal is harmless. Needs the live lease ' +
      '(`x-feedback-lease-token`); an expired, released or taken-over lease is 409 ' +
      'LEASE_NOT_HELD and nothing changes.',
  })
  @ApiParam(FEEDBACK_ID_PARAM)
  @ApiHeader(LEASE_HEADER)
  @ApiOkResponse({ type: LeaseRenewedDto })
  @ApiConflictResponse(LEASE_NOT_HELD)
  renew(
    @Param('feedback_id', uuidParam('feedback_id')) feedbackId: string,
    @Headers(LEASE_TOKEN_HEADER) leaseToken: string | undefined,
    @Body() body: RenewLeaseDto,
  ): Promise<LeaseRenewedView> {
    return this.intake.renew(feedbackId, leaseToken ?? '', body.lease_seconds);
  }

  @Post(':feedback_id/started')
  @HttpCode(200)
  @RoutePolicy({ access: 'route_specific', requiresSettings: ['INTERNAL_API_TOKEN'] })
  @ApiInternalTokenRefusal()
  @ApiOperation({
    operationId: 'recordFeedbackIntakeStarted',
    summary: 'Records that the fix began; no body. Repeating it keeps the first time.',
    description:
      'Needs the live lease (`x-feedback-lease-token`); otherwise 409 LEASE_NOT_HELD and nothing changes.',
  })
  @ApiParam(FEEDBACK_ID_PARAM)
  @ApiHeader(LEASE_HEADER)
  @ApiOkResponse({ type: StartedDto })
  @ApiConflictResponse(LEASE_NOT_HELD)
  started(
    @Param('feedback_id', uuidParam('feedback_id')) feedbackId: string,
    @Headers(LEASE_TOKEN_HEADER) leaseToken: string | undefined,
  ): Promise<StartedView> {
    return this.intake.started(feedbackId, leaseToken ?? '');
  }

  @Post(':feedback_id/result')
  @HttpCode(200)
  @RoutePolicy({ access: 'route_specific', requiresSettings: ['INTERNAL_API_TOKEN'] })
  @ApiInternalTokenRefusal()
  @ApiOperation({
    operationId: 'recordFeedbackIntakeResult',
    summary:
      'Links the pull request, closes without one, or hands back to a person; releases the lease.',
    description:
      'Status after: `pr_open`, `closed` or `handed_back`. The same result sent again with the ' +
      'same lease token (an answer lost on the way) answers the same; a different one, or any ' +
      'result after another session claimed the report, is 409 LEASE_NOT_HELD.',
  })
  @ApiParam(FEEDBACK_ID_PARAM)
  @ApiHeader(LEASE_HEADER)
  @ApiOkResponse({ type: IntakeResultDto })
  @ApiConflictResponse(LEASE_NOT_HELD)
  result(
    @Param('feedback_id', uuidParam('feedback_id')) feedbackId: string,
    @Headers(LEASE_TOKEN_HEADER) leaseToken: string | undefined,
    @Body() body: ResultDto,
  ): Promise<IntakeResultView> {
    return this.intake.result(feedbackId, leaseToken ?? '', body);
  }
}
