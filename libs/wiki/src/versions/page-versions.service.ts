import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError, offsetWindow } from '@cw/platform';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import type { PageVersion } from '../pages/entities/page-version.entity';
import type { PageRecord } from '../pages/page.repository';
import { PageReader } from '../pages/page-reader';
import type { PageRef } from '../pages/page-ref';
import { PageVersionRepository } from '../pages/page-version.repository';
import { pageSummary, type PageSummaryView } from '../pages/page-view';
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
}

/** Line diffs of bodies up to 1 MB can be slow; a comparison gives up after this long. */
const DIFF_TIMEOUT_MS = 1500;

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
    const unified = createTwoFilesPatch(
      `v${from}`,
      `v${to}`,
      older.contentMd,
      newer.contentMd,
      headerText(older.title),
      headerText(newer.title),
      { context: 3, timeout: DIFF_TIMEOUT_MS, headerOptions: FILE_HEADERS_ONLY },
    );
    if (unified === undefined) {
      throw AppError.badRequest(
        `Versions ${from} and ${to} differ too much to compare line by line; read them whole instead.`,
        { error: 'diff_too_large' },
      );
    }
    const { additions, deletions } = countChanges(unified);
    return {
      page: pageSummary(page),
      from: side(older),
      to: side(newer),
      title_changed: older.title !== newer.title,
      content_changed: older.contentMd !== newer.contentMd,
      unified_diff: unified,
      additions,
      deletions,
    };
  }

  private async version(page: PageRecord, version: number): Promise<PageVersion> {
    const row = await this.versions.findOne(page.id, version);
    if (!row) throw AppError.notFound(`This page has no version ${version}.`);
    return row;
  }
}

function side(version: PageVersion): VersionSide {
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

function countChanges(unified: string): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  let inHunk = false;
  for (const line of unified.split('\n')) {
    if (line.startsWith('@@')) inHunk = true;
    else if (!inHunk) continue;
    else if (line.startsWith('+')) additions += 1;
    else if (line.startsWith('-')) deletions += 1;
  }
  return { additions, deletions };
}
