import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiHeader,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  AppError,
  DescribedApiTag,
  ErrorCode,
  ErrorEnvelopeSchema,
  RoutePolicy,
} from '@cw/platform';
import type { FastifyRequest } from 'fastify';
import { CONTACT_API_TAG } from '../../feedback-api-tags';
import { GithubWebhookResponseDto } from './dtos/github-webhook-response.dto';
import { GithubWebhookService } from './github-webhook.service';
import type { GithubWebhookView } from './github-webhook-view';
import {
  GITHUB_WEBHOOK_BODY_LIMIT_BYTES,
  GITHUB_WEBHOOK_ROUTE,
  isVerifiedWebhookRequest,
} from './webhook-body.registrar';

const JSON_CONTENT_TYPE = /^application\/json\s*(;|$)/i;

@DescribedApiTag(CONTACT_API_TAG)
@Controller('api/feedback/github')
export class GithubWebhookController {
  constructor(private readonly webhook: GithubWebhookService) {}

  @Post('webhook')
  @HttpCode(202)
  @RouteConfig({ [GITHUB_WEBHOOK_ROUTE]: true })
  @RoutePolicy({ access: 'route_specific', requiresSettings: ['GITHUB_WEBHOOK_SECRET'] })
  @ApiOperation({
    operationId: 'receiveFeedbackGithubWebhook',
    summary: 'GitHub’s webhook: links pull requests to the feedback reports they name.',
    description:
      'The signature is checked over the raw body bytes before anything is parsed. A ' +
      '`pull_request` event whose head branch is `feedback/<feedback id>`, or whose body holds ' +
      '`Feedback: <feedback id>`, links the pull request (status `pr_open`; `closed` when merged; ' +
      'back to `handed_back` when closed without merging). `ping`, other events and unknown ' +
      `reports are accepted and ignored. Redeliveries change nothing more. Body limit ${GITHUB_WEBHOOK_BODY_LIMIT_BYTES} bytes.`,
  })
  @ApiHeader({
    name: 'X-Hub-Signature-256',
    required: true,
    description: '`sha256=` and the hex HMAC-SHA256 of the body with GITHUB_WEBHOOK_SECRET.',
  })
  @ApiHeader({ name: 'X-GitHub-Event', required: true, description: 'The event name.' })
  @ApiBody({
    description: 'The GitHub event payload (Content-Type application/json).',
    schema: { type: 'object' },
  })
  @ApiAcceptedResponse({ type: GithubWebhookResponseDto })
  @ApiUnauthorizedResponse({
    description:
      'AUTH_REQUIRED: the signature is missing or does not match, or GITHUB_WEBHOOK_SECRET is unset.',
    type: ErrorEnvelopeSchema,
  })
  @ApiPayloadTooLargeResponse({ description: 'PAYLOAD_TOO_LARGE', type: ErrorEnvelopeSchema })
  receive(
    @Req() request: FastifyRequest,
    @Headers('x-github-event') eventName: string | undefined,
  ): Promise<GithubWebhookView> {
    if (!isVerifiedWebhookRequest(request)) {
      throw new AppError(ErrorCode.AuthRequired, 'The webhook signature was not verified.');
    }
    if (!JSON_CONTENT_TYPE.test(request.headers['content-type'] ?? '')) {
      throw new AppError(
        ErrorCode.UnsupportedMediaType,
        'Send the event as JSON: set the webhook’s content type to application/json.',
      );
    }
    return this.webhook.handle(eventName, request.body);
  }
}
