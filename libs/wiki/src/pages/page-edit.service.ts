import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { EditRequestDto } from './dtos/edit-request.dto';
import { type EditReport, planEdits, type Refusal } from './editing';
import { MutationLedger, requestHash } from './mutation-ledger';
import type { PageRecord } from './page-record';
import { PageReader } from './page-reader';
import type { PageRef } from './page-ref';
import { PageVersionRepository } from './page-version.repository';
import { pathOf } from './page-view';
import { PageVersionsWriter } from './page-versions.writer';

export const DEFAULT_MAX_ATTEMPTS = 3;

export type EditOutcome = 'applied' | 'no_change' | 'conflict' | 'refused' | 'overtaken';

export interface EditResponse {
  outcome: EditOutcome;
  page: { id: number; public_id: string; title: string; path: string; current_version: number };
  base_version: number;
  current_version: number;
  edits: EditReport[];
  mutation: { mutation_id: string; replayed: boolean };
  refusal: Refusal | null;
  overtaken: { edit_index: number; message: string } | null;
  attempts: number;
  max_attempts: number;
  note: string;
}

/**
 * Applies replace edits with no lost update: the page row is locked for the whole transaction,
 * the edits are re-planned against the head when the caller's version is behind, one version
 * is written, and the outcome is recorded under the caller's mutation id for replay.
 */
@Injectable()
export class PageEditService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: PageReader,
    private readonly writer: PageVersionsWriter,
    private readonly versions: PageVersionRepository,
    private readonly ledger: MutationLedger,
  ) {}

  async edit(actor: Actor, ref: PageRef, request: EditRequestDto): Promise<EditResponse> {
    const maxAttempts = request.max_attempts ?? DEFAULT_MAX_ATTEMPTS;
    return this.dataSource.transaction(async (manager) => {
      const page = await this.reader.get(actor, ref, { manager, lock: true });
      const hash = requestHash('edit', page.id, {
        expected_version: request.expected_version,
        edits: request.edits.map((edit) => [edit.find, edit.replace, edit.all === true]),
        max_attempts: maxAttempts,
        message: request.message ?? null,
      });
      const stored = await this.ledger.find<EditResponse>(
        manager,
        actor,
        request.mutation_id,
        hash,
      );
      if (stored)
        return {
          ...stored.response,
          mutation: { mutation_id: request.mutation_id, replayed: true },
        };
      this.reader.assertEditable(actor, page);

      const response = await this.plan(manager, actor, page, request, maxAttempts);
      await this.ledger.record(manager, actor, request.mutation_id, hash, {
        status: 200,
        response,
      });
      return response;
    });
  }

  private async plan(
    manager: EntityManager,
    actor: Actor,
    page: PageRecord,
    request: EditRequestDto,
    maxAttempts: number,
  ): Promise<EditResponse> {
    const head = page.current_version;
    const behind = request.expected_version < head;
    const attempts = behind ? 2 : 1;
    const base = (
      outcome: EditOutcome,
      note: string,
      extra: Partial<EditResponse> = {},
    ): EditResponse => ({
      outcome,
      page: {
        id: Number(page.id),
        public_id: page.public_id,
        title: page.title,
        path: pathOf(page),
        current_version: head,
      },
      base_version: head,
      current_version: head,
      edits: [],
      mutation: { mutation_id: request.mutation_id, replayed: false },
      refusal: null,
      overtaken: null,
      attempts: Math.min(attempts, maxAttempts),
      max_attempts: maxAttempts,
      note,
      ...extra,
    });

    if (request.expected_version > head) {
      throw AppError.badRequest(
        `expected_version ${request.expected_version} is newer than the page's head ${head}; read the page again.`,
        { field: 'expected_version', current_version: head },
      );
    }
    if (behind && maxAttempts < 2) {
      return base(
        'conflict',
        `The page moved from version ${request.expected_version} to ${head}; read it again or allow re-planning with max_attempts > 1.`,
        {
          base_version: request.expected_version,
          attempts: 1,
        },
      );
    }
    const seen = behind
      ? await this.versions.findHeadBody(manager, page.id, request.expected_version)
      : null;
    const plan = planEdits({
      head: page.content_md,
      base: seen?.content ?? null,
      edits: request.edits,
    });
    switch (plan.outcome) {
      case 'refused':
        return base('refused', plan.refusal.message, { refusal: plan.refusal });
      case 'overtaken':
        return base('overtaken', plan.message, {
          overtaken: { edit_index: plan.edit_index, message: plan.message },
        });
      case 'no_change':
        return base(
          'no_change',
          'Nothing to write: the page already reads as these edits would leave it. That an anchor is absent does not prove the target text is present elsewhere.',
          {
            edits: plan.edits,
          },
        );
      case 'applied': {
        const saved = await this.writer.writeHead(
          manager,
          actor,
          page,
          { title: page.title, content: plan.content },
          { message: request.message },
        );
        return base(
          'applied',
          behind
            ? `Applied as version ${saved.version}, re-planned against version ${head}.`
            : `Applied as version ${saved.version}.`,
          {
            page: {
              id: Number(page.id),
              public_id: page.public_id,
              title: page.title,
              path: pathOf(page),
              current_version: saved.version,
            },
            current_version: saved.version,
            edits: plan.edits,
          },
        );
      }
    }
  }
}
