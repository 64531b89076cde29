import { Module } from '@nestjs/common';
import { FeedbackCoreModule } from '../feedback-core.module';
import { EvidenceDownload } from './evidence-download';
import { GithubWebhookController } from './github/github-webhook.controller';
import { GithubWebhookService } from './github/github-webhook.service';
import { PullRequestLinkRepository } from './github/pull-request-link.repository';
import { WebhookBodyRegistrar } from './github/webhook-body.registrar';
import { IntakeConfig, loadIntakeConfig } from './intake.config';
import { InternalTokenGuard } from './internal-token.guard';
import { IntakeController } from './lease/intake.controller';
import { IntakeService } from './lease/intake.service';
import { LeaseRepository } from './lease/lease.repository';
import { LeaseSweeper } from './lease/lease-sweeper.service';
import { ProposalRepository } from './proposals/proposal.repository';
import { ProposalService } from './proposals/proposal.service';
import { ProposalsController } from './proposals/proposals.controller';

/**
 * The internal side of the feedback context: the intake sequence (leases, plan, started,
 * result, and the sweep returning expired leases), proposals, and the GitHub webhook that links
 * pull requests. Intake and proposal routes take `x-internal-token`; the webhook its signature.
 */
@Module({
  imports: [FeedbackCoreModule],
  controllers: [IntakeController, ProposalsController, GithubWebhookController],
  providers: [
    { provide: IntakeConfig, useFactory: () => loadIntakeConfig() },
    InternalTokenGuard,
    EvidenceDownload,
    LeaseRepository,
    IntakeService,
    LeaseSweeper,
    ProposalRepository,
    ProposalService,
    PullRequestLinkRepository,
    GithubWebhookService,
    WebhookBodyRegistrar,
  ],
})
export class FeedbackIntakeModule {}
