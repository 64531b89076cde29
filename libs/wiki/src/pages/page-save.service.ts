import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { wikiError } from '../errors/wiki-errors';
import type { AppendRequestDto } from './dtos/append-request.dto';
import type { ReplacementRequestDto } from './dtos/replacement-request.dto';
import { MutationLedger, requestHash } from './mutation-ledger';
import type { PageRecord } from './page-record';
import { PageWriteRepository } from './page-write.repository';
import { PageReader } from './page-reader';
import type { PageRef } from './page-ref';
import { PageVersionRepository } from './page-version.repository';
import { pathOf } from './page-view';
import { PageVersionsWriter } from './page-versions.writer';

export type SaveOutcome = 'applied' | 'no_change' | 'newer_version_available' | 'stale_noop';

export interface SaveResponse {
  outcome: SaveOutcome;
  page: { id: number; public_id: string; title: string; path: string; current_version: number };
  base_version: number;
  current_version: number;
  saved_draft_version: number | null;
  mutation: { mutation_id: string; replayed: boolean };
  note: string;
}

interface Submission {
  operation: 'replace' | 'append';
  expectedVersion: number;
  mutationId: string;
  message?: string;
  /** The body the submission would give a page whose head is `head`. */
  bodyOn(head: { title: string; content: string }): { title: string; content: string };
  hashed: unknown;
}

export function appendMarkdown(content: string, addition: string): string {
  if (content === '') return addition;
  return content.endsWith('\n') ? `${content}\n${addition}` : `${content}\n\n${addition}`;
}

/**
 * Full replacement and append. When the caller's version is the head, the submission becomes
 * the next version. When the head moved on, the head is never replaced: an identical result is
 * `stale_noop`, anything else is kept as a draft version (`newer_version_available`).
 */
@Injectable()
export class PageSaveService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: PageReader,
    private readonly writer: PageVersionsWriter,
    private readonly pages: PageWriteRepository,
    private readonly versions: PageVersionRepository,
    private readonly ledger: MutationLedger,
  ) {}

  replace(actor: Actor, ref: PageRef, request: ReplacementRequestDto): Promise<SaveResponse> {
    return this.save(actor, ref, {
      operation: 'replace',
      expectedVersion: request.expected_version,
      mutationId: request.mutation_id,
      message: request.message,
      bodyOn: () => ({ title: request.title, content: request.markdown }),
      hashed: [request.title, request.markdown, request.expected_version, request.message ?? null],
    });
  }

  append(actor: Actor, ref: PageRef, request: AppendRequestDto): Promise<SaveResponse> {
    return this.save(actor, ref, {
      operation: 'append',
      expectedVersion: request.expected_version,
      mutationId: request.mutation_id,
      message: request.message,
      bodyOn: (head) => ({
        title: head.title,
        content: appendMarkdown(head.content, request.markdown),
      }),
      hashed: [request.markdown, request.expected_version, request.message ?? null],
    });
  }

  private async save(actor: Actor, ref: PageRef, submission: Submission): Promise<SaveResponse> {
    return this.dataSource.transaction(async (manager) => {
      const page = await this.reader.get(actor, ref, { manager, lock: true });
      const hash = requestHash(submission.operation, page.id, submission.hashed);
      const stored = await this.ledger.find<SaveResponse>(
        manager,
        actor,
        submission.mutationId,
        hash,
      );
      if (stored)
        return {
          ...stored.response,
          mutation: { mutation_id: submission.mutationId, replayed: true },
        };
      this.reader.assertEditable(actor, page);
      const response = await this.decide(manager, actor, page, submission);
      await this.ledger.record(manager, actor, submission.mutationId, hash, {
        status: 200,
        response,
      });
      return response;
    });
  }

  private async decide(
    manager: EntityManager,
    actor: Actor,
    page: PageRecord,
    submission: Submission,
  ): Promise<SaveResponse> {
    const head = page.current_version;
    if (submission.expectedVersion > head) {
      throw AppError.badRequest(
        `expected_version ${submission.expectedVersion} is newer than the page's head ${head}; read the page again.`,
        { field: 'expected_version', current_version: head },
      );
    }
    const respond = (
      outcome: SaveOutcome,
      version: number,
      note: string,
      draft: number | null = null,
      title = page.title,
    ): SaveResponse => ({
      outcome,
      page: {
        id: Number(page.id),
        public_id: page.public_id,
        title,
        path: pathOf({ folder_path: page.folder_path, title }),
        current_version: version,
      },
      base_version: submission.expectedVersion,
      current_version: version,
      saved_draft_version: draft,
      mutation: { mutation_id: submission.mutationId, replayed: false },
      note,
    });
    const provenance = { message: submission.message };
    if (submission.expectedVersion === head) {
      const next = submission.bodyOn({ title: page.title, content: page.content_md });
      if (next.title === page.title && next.content === page.content_md) {
        return respond(
          'no_change',
          head,
          'The page already has this content; nothing was written.',
        );
      }
      await this.assertTitleFree(manager, page, next.title);
      const saved = await this.writer.writeHead(manager, actor, page, next, provenance);
      return respond(
        'applied',
        saved.version,
        `Saved as version ${saved.version}.`,
        null,
        next.title,
      );
    }
    const base = await this.versions.findHeadBody(manager, page.id, submission.expectedVersion);
    const intended = submission.bodyOn(base ?? { title: page.title, content: page.content_md });
    const headBody = { title: page.title, content: page.content_md };
    if (intended.title === headBody.title && intended.content === headBody.content) {
      return respond(
        'stale_noop',
        head,
        `Version ${head} already holds this content; nothing was written.`,
      );
    }
    const draft = await this.writer.writeDraft(
      manager,
      actor,
      page,
      intended,
      submission.expectedVersion,
      provenance,
    );
    return respond(
      'newer_version_available',
      head,
      `Version ${head} is newer than ${submission.expectedVersion}: your submission is kept as draft version ${draft.version} and the head was not replaced. Read the head, merge, and save again.`,
      draft.version,
    );
  }

  private async assertTitleFree(
    manager: EntityManager,
    page: PageRecord,
    title: string,
  ): Promise<void> {
    if (title.toLowerCase() === page.title.toLowerCase()) return;
    const place = {
      companyId: page.company_id,
      lane: page.lane,
      laneOwnerId: page.lane_owner_id,
      folderPath: page.folder_path,
    };
    if (await this.pages.isPathTaken(manager, place, title, page.id))
      throw wikiError(
        'PAGE_PATH_TAKEN',
        `A page titled "${title}" already exists in ${page.folder_path}.`,
      );
  }
}
