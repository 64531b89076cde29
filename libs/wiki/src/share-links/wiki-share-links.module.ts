import { Module } from '@nestjs/common';
import { WikiCoreModule } from '../wiki-core.module';
import { loadPublicLinksConfig, PublicLinksConfig } from './public-links.config';
import { PublicPagesController } from './public-pages.controller';
import { PublicRateLimitGuard } from './public-rate-limit.guard';
import { PublicRateLimiter } from './public-rate-limiter';
import { ShareLinkRepository } from './share-link.repository';
import { ShareLinkService } from './share-link.service';
import { ShareLinksController } from './share-links.controller';

/** Public read-only share links: managed with a session, read under `/public/pages/<token>`. */
@Module({
  imports: [WikiCoreModule],
  controllers: [ShareLinksController, PublicPagesController],
  providers: [
    ShareLinkService,
    ShareLinkRepository,
    PublicRateLimiter,
    PublicRateLimitGuard,
    { provide: PublicLinksConfig, useFactory: () => loadPublicLinksConfig() },
  ],
})
export class WikiShareLinksModule {}
