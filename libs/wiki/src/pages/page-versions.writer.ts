import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import type { EntityManager } from 'typeorm';
import type { PageRow } from './page-row';

export interface Provenance {
  message?: string | null;
  sourceProvider?: string | null;
  sourceLabel?: string | null;
}

export interface SavedVersion {
  version: number;
}

function sourceKindOf(actor: Actor): string {
  return actor.credential.kind === 'session'
    ? 'web'
    : actor.credential.kind === 'api_key'
      ? 'api_key'
      : 'oauth';
}

/**
 * Writes versions of a page whose row the caller holds locked. Every stored body, head or draft,
 * takes the next number from `last_version`; only a head write moves `current_version`.
 */
@Injectable()
export class PageVersionsWriter {
  async writeHead(
    manager: EntityManager,
    actor: Actor,
    page: PageRow,
    body: { title: string; content: string },
    provenance: Provenance = {},
  ): Promise<SavedVersion> {
    const version = page.last_version + 1;
    await manager.query(
      `UPDATE wiki.pages SET title = $2, content_md = $3, current_version = $4, last_version = $4, updated_at = now()
        WHERE id = $1`,
      [page.id, body.title, body.content, version],
    );
    await this.insertVersion(
      manager,
      actor,
      page.id,
      version,
      body,
      false,
      page.current_version,
      provenance,
    );
    return { version };
  }

  async writeDraft(
    manager: EntityManager,
    actor: Actor,
    page: PageRow,
    body: { title: string; content: string },
    basedOnVersion: number,
    provenance: Provenance = {},
  ): Promise<SavedVersion> {
    const version = page.last_version + 1;
    await manager.query(`UPDATE wiki.pages SET last_version = $2 WHERE id = $1`, [
      page.id,
      version,
    ]);
    await this.insertVersion(
      manager,
      actor,
      page.id,
      version,
      body,
      true,
      basedOnVersion,
      provenance,
    );
    return { version };
  }

  async insertVersion(
    manager: EntityManager,
    actor: Actor,
    pageId: string,
    version: number,
    body: { title: string; content: string },
    isDraft: boolean,
    basedOn: number | null,
    provenance: Provenance,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO wiki.page_versions
         (page_id, version, title, content_md, is_draft, based_on_version, author_id, message,
          source_kind, source_provider, source_label)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        pageId,
        version,
        body.title,
        body.content,
        isDraft,
        basedOn,
        actor.personId,
        provenance.message ?? null,
        sourceKindOf(actor),
        provenance.sourceProvider ?? null,
        provenance.sourceLabel ?? null,
      ],
    );
  }
}
