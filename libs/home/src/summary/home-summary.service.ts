import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DirectoryService } from '@cw/identity/credentials';
import { AppError } from '@cw/platform';
import { WikiApi } from '@cw/wiki';
import { WorkflowReportsApi } from '@cw/workflows';
import { credentialHolds } from '../access/credential-scopes';
import { MisfilingChips } from '../actions/misfiling-chips';
import type { CompanyRef } from './company-ref';
import type { HomeSummaryView } from './home-summary-view';

/**
 * The caller's home: recent pages (wiki), recent reports (workflows) and chips, each as the
 * caller may see it. A token reaching neither `wiki:read` nor `workflows:read` gets empty lists
 * for what it cannot read rather than a refusal: the home is one screen for every credential.
 */
@Injectable()
export class HomeSummaryService {
  constructor(
    private readonly directory: DirectoryService,
    private readonly wiki: WikiApi,
    private readonly reports: WorkflowReportsApi,
    private readonly chips: MisfilingChips,
  ) {}

  async summary(actor: Actor, limit: number, company?: CompanyRef): Promise<HomeSummaryView> {
    if (company) await this.assertOwnCompany(actor, company);
    const readsWiki = credentialHolds(actor, 'wiki:read');
    const readsReports = credentialHolds(actor, 'workflows:read');
    const [own, recentPages, recentReports, chips] = await Promise.all([
      this.directory.companyById(actor.companyId),
      readsWiki ? this.wiki.recentPages(actor, limit) : [],
      readsReports ? this.reports.recentReports(actor, limit) : [],
      readsWiki ? this.chips.visible(actor, limit) : [],
    ]);
    if (!own) throw AppError.notFound('Your company no longer exists.');
    return {
      company: { id: own.id, name: own.name },
      recent_pages: recentPages,
      recent_reports: recentReports,
      chips,
    };
  }

  /** A credential acts in one company: naming another (or none that exists) is 403. */
  private async assertOwnCompany(actor: Actor, company: CompanyRef): Promise<void> {
    const named =
      company.kind === 'uuid'
        ? company.id
        : (await this.directory.companyIdsByLegacyIds([company.id]))[0];
    if (named !== actor.companyId) {
      throw AppError.accessDenied(
        `This credential acts in company ${actor.companyId} only; company_id ${company.id} names another. Sign in to that company to see its home.`,
        { error: 'other_company' },
      );
    }
  }
}
