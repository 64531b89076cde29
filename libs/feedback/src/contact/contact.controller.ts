import { Body, Controller, Header, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DescribedApiTag, RoutePolicy } from '@cw/platform';
import { CONTACT_API_TAG } from '../feedback-api-tags';
import { ContactRateLimitGuard } from './contact-rate-limit.guard';
import type { ContactAccepted } from './contact-submission';
import { ContactService } from './contact.service';
import { ContactAcceptedDto, ContactSubmissionDto } from './dtos/contact-submission.dto';

/** The website contact form: no credential, a per-address budget, one mail to the team. */
@DescribedApiTag(CONTACT_API_TAG)
@Controller('api/contact')
@UseGuards(ContactRateLimitGuard)
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @RoutePolicy({ access: 'public', requiresSettings: ['SMTP_URL', 'CONTACT_TO', 'CONTACT_FROM'] })
  @ApiOperation({
    operationId: 'submitContactForm',
    summary: 'Mails the contact form to the team: 200 once the mail server took it.',
    description:
      'No sign-in. Every submission from one client address counts, refused ones included: ' +
      'over `CONTACT_RATE_PER_MINUTE` (default 5) a minute it is 429 `RATE_LIMITED` with ' +
      '`Retry-After`. 503 `SERVICE_UNAVAILABLE` when the form is not configured, or when the ' +
      'mail server is down or refuses (with `Retry-After`): then nothing was sent and the same ' +
      'message can be sent again.',
  })
  @ApiOkResponse({ type: ContactAcceptedDto })
  submit(@Body() body: ContactSubmissionDto): Promise<ContactAccepted> {
    return this.contact.submit(body);
  }
}
