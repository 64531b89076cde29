import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { LaneResolverService } from '../lanes/lane-resolver.service';
import type { UpsertRequestDto } from './dtos/upsert-request.dto';
import { PageReadRepository } from './page-read.repository';
import type { PageRecord } from './page-record';
import { INBOX_PATH, PageCreateService } from './page-create.service';
import { PageReader } from './page-reader';
import { appendMarkdown } from './page-save.service';
import { pageSummary, type PageSummaryView } from './page-view';
import { PageVersionsWriter } from './page-versions.writer';

export interface UpsertResponse {
  outcome: 'created' | 'saved' | 'no_change' | 'newer_version_available';
  created?: { page_id: number; page_public_id: string };
  saved?: { page_id: number; page_public_id: string };
  version: number;
  saved_draft_version: number | null;
  page: PageSummaryView;
}

export interface AppendByTitleRequest {
  title: string;
  markdown: string;
  path?: string;
  message?: string;
}

export function inboxKeyOf(title: string): string {
  return title.trim().toLowerCase();
}

/**
 * Saves a page by title: at `path`, or without one in the caller's Private Inbox, where the
 * title is remembered as the page's inbox key so that later upserts find it after a rename.
 * Concurrent upserts of one title converge on one page.
 */
@Injectable()
export class PageUpsertService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly creator: PageCreateService,
    private readonly reader: PageReader,
    private readonly writer: PageVersionsWriter,
    private readonly lanes: LaneResolverService,
    private readonly pages: PageReadRepository,
  ) {}

  upsert(actor: Actor, request: UpsertRequestDto): Promise<UpsertResponse> {
    return this.saveOrCreate(actor, request, () => request.markdown);
  }

  /**
   * The legacy append (MCP `append_to_page`): adds `markdown` at the end of the live page with
   * this title at `path` (or in the Private Inbox), creating it when there is none. No mutation
   * identity: a retry appends again. Concurrent appends each land, one after another, on the
   * locked page.
   */
  appendByTitle(actor: Actor, request: AppendByTitleRequest): Promise<UpsertResponse> {
    return this.saveOrCreate(actor, request, (existing) =>
      appendMarkdown(existing.content_md, request.markdown),
    );
  }

  /** Saves `contentOf(existing)` to the page with this title, or creates it with `markdown`. */
  private saveOrCreate(
    actor: Actor,
    request: UpsertRequestDto,
    contentOf: (existing: PageRecord) => string,
  ): Promise<UpsertResponse> {
    const inboxKey = request.path === undefined ? inboxKeyOf(request.title) : undefined;
    const path = request.path ?? INBOX_PATH;
    return this.dataSource.transaction(async (manager) => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const existing = await this.findExisting(manager, actor, path, request.title, inboxKey);
        if (existing) {
          return this.saveExisting(manager, actor, existing, {
            ...request,
            markdown: contentOf(existing),
          });
        }
        const created = await this.creator.tryCreate(
          manager,
          actor,
          { title: request.title, markdown: request.markdown, path, inboxKey },
          { message: request.message },
        );
        if (created) {
          return {
            outcome: 'created',
            created: { page_id: Number(created.id), page_public_id: created.public_id },
            version: 1,
            saved_draft_version: null,
            page: pageSummary(created),
          };
        }
      }
      // Three rounds lose to concurrent create-and-delete only if something is very wrong.
      throw new Error('saving a page by title did not converge');
    });
  }

  private async findExisting(
    manager: EntityManager,
    actor: Actor,
    path: string,
    title: string,
    inboxKey: string | undefined,
  ): Promise<PageRecord | null> {
    const lane = await this.lanes.resolve(actor, path);
    return this.pages.findForUpsert(manager, actor, lane, path, title, inboxKey ?? null);
  }

  private async saveExisting(
    manager: EntityManager,
    actor: Actor,
    page: PageRecord,
    request: UpsertRequestDto,
  ): Promise<UpsertResponse> {
    this.reader.assertEditable(actor, page);
    const ids = { page_id: Number(page.id), page_public_id: page.public_id };
    const provenance = { message: request.message };
    const body = { title: page.title, content: request.markdown };
    if (request.expected_version !== undefined && request.expected_version < page.current_version) {
      if (page.content_md === request.markdown) {
        return {
          outcome: 'no_change',
          saved: ids,
          version: page.current_version,
          saved_draft_version: null,
          page: pageSummary(page),
        };
      }
      const draft = await this.writer.writeDraft(
        manager,
        actor,
        page,
        body,
        request.expected_version,
        provenance,
      );
      return {
        outcome: 'newer_version_available',
        saved: ids,
        version: page.current_version,
        saved_draft_version: draft.version,
        page: pageSummary(page),
      };
    }
    if (page.content_md === request.markdown) {
      return {
        outcome: 'no_change',
        saved: ids,
        version: page.current_version,
        saved_draft_version: null,
        page: pageSummary(page),
      };
    }
    const saved = await this.writer.writeHead(manager, actor, page, body, provenance);
    return {
      outcome: 'saved',
      saved: ids,
      version: saved.version,
      saved_draft_version: null,
      page: { ...pageSummary(page), current_version: saved.version },
    };
  }
}
