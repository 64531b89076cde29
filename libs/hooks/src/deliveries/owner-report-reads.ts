import { Injectable } from '@nestjs/common';
import { groupBy } from '@cw/platform';
import { type Report, WorkflowReportsApi } from '@cw/workflows/reports';
import { HookAuthority, type HookPrincipal } from '../access/hook-authority';

/** What an attempt finds when it reads its report as the hook's owner reads it now. */
export type OwnerReport =
  | { kind: 'report'; report: Report }
  /** The owner may not read it now, or the run is gone. */
  | { kind: 'unreadable' }
  /** The hook's credential no longer gives its owner authority (revoked, membership ended, scope). */
  | { kind: 'authority_ended' };

export interface WantedReport {
  hook: HookPrincipal;
  reportId: string;
}

const principalKey = (hook: HookPrincipal): string =>
  [hook.credentialKind, hook.credentialId, hook.ownerId, hook.companyId].join(' ');

/**
 * Reports read as their hooks' owners read them now, many at once: each credential is checked
 * once and each owner's reports are read together (three statements side by side, however many
 * reports), where one report alone took four statements one after another.
 */
@Injectable()
export class OwnerReportReads {
  constructor(
    private readonly authority: HookAuthority,
    private readonly reports: WorkflowReportsApi,
  ) {}

  /** What each of `wanted` finds, in order. */
  async readAll(wanted: readonly WantedReport[]): Promise<OwnerReport[]> {
    const byPrincipal = groupBy(wanted.keys(), (index) => principalKey(wanted[index].hook));
    const results: OwnerReport[] = [];
    await Promise.all(
      [...byPrincipal.values()].map(async (indexes) => {
        const reportIds = [...new Set(indexes.map((index) => wanted[index].reportId))];
        const owner = await this.authority.deliveringActorFor(wanted[indexes[0]].hook);
        const reports = owner ? await this.reports.readableReports(owner, reportIds) : null;
        for (const index of indexes) results[index] = ownerReport(reports, wanted[index].reportId);
      }),
    );
    return results;
  }
}

function ownerReport(reports: Map<string, Report> | null, reportId: string): OwnerReport {
  if (!reports) return { kind: 'authority_ended' };
  const report = reports.get(reportId);
  return report ? { kind: 'report', report } : { kind: 'unreadable' };
}
