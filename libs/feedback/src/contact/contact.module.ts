import { Module } from '@nestjs/common';
import { ContactController } from './contact.controller';
import { ContactRateLimitGuard } from './contact-rate-limit.guard';
import { ContactService } from './contact.service';
import { ContactConfig, loadContactConfig } from './contact.config';

/** `POST /api/contact`: the website contact form, mailed through SMTP_URL. */
@Module({
  controllers: [ContactController],
  providers: [
    ContactService,
    ContactRateLimitGuard,
    { provide: ContactConfig, useFactory: () => loadContactConfig() },
  ],
})
export class ContactModule {}
