import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { hashToken, mintToken } from '@cw/identity/credentials';
import { AppError } from '@cw/platform';
import { DataSource } from 'typeorm';
import { wikiError } from '../errors/wiki-errors';
import { PageReader } from '../pages/page-reader';
import type { PageRef } from '../pages/page-ref';
import { PublicLinksConfig } from './public-links.config';
import { ShareLinkRepository, type ShareLinkSummary } from './share-link.repository';

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

function toView(link: ShareLinkSummary): ShareLinkView {
  return {
    id: link.id,
    page_id: Number(link.pageId),
    token_prefix: link.tokenPrefix,
    created_by: link.createdBy,
    created_at: link.createdAt.toISOString(),
  };
}

/**
 * Public read-only links to one page. The token is the credential: shown once at creation,
 * stored only as its SHA-256 hash. Managing links needs a page the caller can read and edit.
 */
@Injectable()
export class ShareLinkService {
  constructor(
    private readonly reader: PageReader,
    private readonly links: ShareLinkRepository,
    private readonly dataSource: DataSource,
    private readonly config: PublicLinksConfig,
  ) {}

  /** Past `WIKI_SHARE_LINKS_PER_PAGE` live links: 409; the count and the insert share a lock. */
  async create(actor: Actor, ref: PageRef): Promise<CreatedShareLink> {
    const page = await this.reader.getEditable(actor, ref);
    const minted = mintToken('shareLink');
    const limit = this.config.WIKI_SHARE_LINKS_PER_PAGE;
    const link = await this.dataSource.transaction(async (manager) => {
      if ((await this.links.lockAndCountLive(manager, page.id)) >= limit) {
        throw wikiError(
          'SHARE_LINK_LIMIT_REACHED',
          `This page has ${limit} live share links, the most allowed (WIKI_SHARE_LINKS_PER_PAGE); revoke one first.`,
          { details: { limit } },
        );
      }
      return this.links.insert(manager, {
        pageId: page.id,
        tokenHash: minted.hash,
        tokenPrefix: minted.displayPrefix,
        createdBy: actor.personId,
      });
    });
    return { ...toView(link), url: `${PUBLIC_PAGE_PATH}${minted.token}`, token: minted.token };
  }

  /** The page's live links, oldest first, without tokens. */
  async list(actor: Actor, ref: PageRef): Promise<ShareLinkView[]> {
    const page = await this.reader.getEditable(actor, ref);
    return (await this.links.listLive(page.id)).map(toView);
  }

  /** Revoking twice is fine; a link that never belonged to this page is 404. */
  async revoke(actor: Actor, ref: PageRef, linkId: string): Promise<void> {
    const page = await this.reader.getEditable(actor, ref);
    if (!(await this.links.revoke(page.id, linkId))) {
      throw AppError.notFound('No share link with that id on this page.');
    }
  }

  /** The shared page's head; unknown, revoked and trashed alike are 404. */
  async readPublic(token: string): Promise<PublicPageView> {
    if (SHARE_TOKEN.test(token)) {
      const row = await this.links.findSharedPage(hashToken(token));
      if (row) {
        return {
          title: row.title,
          content_md: row.contentMd,
          updated_at: row.updatedAt.toISOString(),
          version: row.version,
        };
      }
    }
    throw AppError.notFound('Nothing is shared under this link.');
  }
}
