import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError, offsetWindow } from '@cw/platform';
import type { PageRecord } from '../pages/page-record';
import { PageReader } from '../pages/page-reader';
import type { PageRef } from '../pages/page-ref';
import { type PageVersionRecord, PageVersionRepository } from '../pages/page-version.repository';
import { pageSummary, type PageSummaryView } from '../pages/page-view';
import { diffLines, type LineRun } from './line-diff';
import { unifiedDiff } from './unified-diff';
import {
  type VersionSummaryView,
  type VersionView,
  versionSummary,
  versionView,
} from './version-view';

export interface VersionListResponse {
  page: PageSummaryView;
  versions: VersionSummaryView[];
  has_more: boolean;
  next_offset: number | null;
}

export interface VersionSide {
  version: number;
  title: string;
  is_draft: boolean;
  saved_at: string;
}

export interface VersionCompareResponse {
  page: PageSummaryView;
  from: VersionSide;
  to: VersionSide;
  title_changed: boolean;
  content_changed: boolean;
  /** Unified diff (`--- v<from>` / `+++ v<to>`, 3 lines of context) of the two bodies. */
  unified_diff: string;
  additions: number;
  deletions: number;
  /** False when the line diff gave up and replaced the whole changed region (`line-diff.ts`). */
  diff_minimal: boolean;
}

/** Reading a page's history: every stored version, head or draft, with its provenance. */
@Injectable()
export class PageVersionsService {
  constructor(
    private readonly reader: PageReader,
    private readonly versions: PageVersionRepository,
  ) {}

  async list(
    actor: Actor,
    ref: PageRef,
    limit: number,
    offset: number,
  ): Promise<VersionListResponse> {
    const page = await this.reader.getReadable(actor, ref, 'versions');
    const rows = await this.versions.listForPage(page.id, limit + 1, offset);
    const { items, ...window } = offsetWindow(rows, limit, offset);
    return {
      page: pageSummary(page),
      versions: items.map((row) => versionSummary(row, page.current_version)),
      ...window,
    };
  }

  async get(
    actor: Actor,
    ref: PageRef,
    version: number,
  ): Promise<{ page: PageSummaryView; version: VersionView }> {
    const page = await this.reader.getReadable(actor, ref, 'versions');
    const row = await this.version(page, version);
    return { page: pageSummary(page), version: versionView(row, page.current_version) };
  }

  async compare(
    actor: Actor,
    ref: PageRef,
    from: number,
    to: number,
  ): Promise<VersionCompareResponse> {
    const page = await this.reader.getReadable(actor, ref, 'versions');
    const [older, newer] = await Promise.all([this.version(page, from), this.version(page, to)]);
    const diff = diffLines(older.contentMd, newer.contentMd);
    const unified = unifiedDiff(
      {
        oldName: `v${from}`,
        newName: `v${to}`,
        oldHeader: headerText(older.title),
        newHeader: headerText(newer.title),
      },
      diff.runs,
    );
    const { additions, deletions } = countChanges(diff.runs);
    return {
      page: pageSummary(page),
      from: side(older),
      to: side(newer),
      title_changed: older.title !== newer.title,
      content_changed: older.contentMd !== newer.contentMd,
      unified_diff: unified,
      additions,
      deletions,
      diff_minimal: diff.minimal,
    };
  }

  private async version(page: PageRecord, version: number): Promise<PageVersionRecord> {
    const row = await this.versions.findOne(page.id, version);
    if (!row) throw AppError.notFound(`This page has no version ${version}.`);
    return row;
  }
}

function side(version: PageVersionRecord): VersionSide {
  return {
    version: version.version,
    title: version.title,
    is_draft: version.isDraft,
    saved_at: version.savedAt.toISOString(),
  };
}

/** Titles go into the patch's file header lines: no tabs or line breaks there. */
function headerText(title: string): string {
  return title.replace(/[\t\r\n]+/g, ' ');
}

function countChanges(runs: readonly LineRun[]): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  for (const run of runs) {
    if (run.kind === 'added') additions += run.lines.length;
    else if (run.kind === 'removed') deletions += run.lines.length;
  }
  return { additions, deletions };
}
