import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { hashToken, mintToken } from '@cw/identity';
import { AppError } from '@cw/platform';
import { DataSource } from 'typeorm';
import { PageReader } from '../pages/page-reader.service';
import { assertEditable, type PageRef, type PageRow } from '../pages/page-row';

export const PUBLIC_PAGE_PATH = '/public/pages/';
/** `cwl_` and 32 random bytes in base64url: anything else cannot be a link. */
const SHARE_TOKEN = /^cwl_[A-Za-z0-9_-]{43}$/;

export interface ShareLinkView {
  id: string;
  page_id: number;
  token_prefix: string | null;
  created_by: string;
  created_at: string;
}

export interface CreatedShareLink extends ShareLinkView {
  url: string;
  token: string;
}

/** What a public link shows: the head of the page, nothing that names where it lives. */
export interface PublicPageView {
  title: string;
  content_md: string;
  updated_at: string;
  version: number;
}

interface ShareLinkRow {
  id: string;
  page_id: string;
  token_prefix: string | null;
  created_by: string;
  created_at: Date;
}

function toView(row: ShareLinkRow): ShareLinkView {
  return {
    id: row.id,
    page_id: Number(row.page_id),
    token_prefix: row.token_prefix,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Public read-only links to one page. The token is the credential: shown once at creation,
 * stored only as its SHA-256 hash. Managing links needs a page the caller can read and edit.
 */
@Injectable()
export class ShareLinkService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pages: PageReader,
  ) {}

  async create(actor: Actor, ref: PageRef): Promise<CreatedShareLink> {
    const page = await this.editablePage(actor, ref);
    const minted = mintToken('shareLink');
    const [row]: ShareLinkRow[] = await this.dataSource.query(
      `INSERT INTO wiki.share_links (page_id, token_hash, token_prefix, created_by)
       VALUES ($1, $2, $3, $4)
       RETURNING id, page_id, token_prefix, created_by, created_at`,
      [page.id, minted.hash, minted.displayPrefix, actor.personId],
    );
    return { ...toView(row), url: `${PUBLIC_PAGE_PATH}${minted.token}`, token: minted.token };
  }

  /** The page's live links, oldest first, without tokens. */
  async list(actor: Actor, ref: PageRef): Promise<ShareLinkView[]> {
    const page = await this.editablePage(actor, ref);
    const rows: ShareLinkRow[] = await this.dataSource.query(
      `SELECT id, page_id, token_prefix, created_by, created_at FROM wiki.share_links
        WHERE page_id = $1 AND revoked_at IS NULL ORDER BY created_at, id`,
      [page.id],
    );
    return rows.map(toView);
  }

  /** Revoking twice is fine; a link that never belonged to this page is 404. */
  async revoke(actor: Actor, ref: PageRef, linkId: string): Promise<void> {
    const page = await this.editablePage(actor, ref);
    const revoked: unknown[] = await this.dataSource.query(
      `WITH revoked AS (
         UPDATE wiki.share_links SET revoked_at = coalesce(revoked_at, now())
          WHERE id = $1 AND page_id = $2 RETURNING id)
       SELECT id FROM revoked`,
      [linkId, page.id],
    );
    if (revoked.length === 0) throw AppError.notFound('No share link with that id on this page.');
  }

  /** The shared page's head; unknown, revoked and trashed alike are 404. */
  async readPublic(token: string): Promise<PublicPageView> {
    if (SHARE_TOKEN.test(token)) {
      const [row]: { title: string; content_md: string; updated_at: Date; version: number }[] =
        await this.dataSource.query(
          `SELECT p.title, p.content_md, p.updated_at, p.current_version AS version
             FROM wiki.share_links l JOIN wiki.pages p ON p.id = l.page_id
            WHERE l.token_hash = $1 AND l.revoked_at IS NULL AND p.deleted_at IS NULL`,
          [hashToken(token)],
        );
      if (row) {
        return {
          title: row.title,
          content_md: row.content_md,
          updated_at: row.updated_at.toISOString(),
          version: row.version,
        };
      }
    }
    throw AppError.notFound('Nothing is shared under this link.');
  }

  private async editablePage(actor: Actor, ref: PageRef): Promise<PageRow> {
    const page = await this.pages.get(actor, ref);
    assertEditable(actor, page);
    return page;
  }
}
