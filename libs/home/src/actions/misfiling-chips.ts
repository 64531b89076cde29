import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { WikiApi, type WikiFiledPage } from '@cw/wiki';
import type { ChipView } from '../summary/home-summary-view';
import { DismissedChipRepository } from './dismissed-chip.repository';

/** The action id of the misfiling chip of page `pageId` (numeric). */
export const misfilingActionId = (pageId: number | string): string => `misfiling-${pageId}`;

export interface AcceptedMisfiling extends WikiFiledPage {
  moved: true;
  action_id: string;
}

const ownerOf = (actor: Actor) => ({ personId: actor.personId, companyId: actor.companyId });

/**
 * Misfiling chips: the caller's Inbox pages that a folder's landing rule claims (the wiki
 * computes them when asked, so they are always current), less the ones the caller dismissed.
 */
@Injectable()
export class MisfilingChips {
  constructor(
    private readonly wiki: WikiApi,
    private readonly dismissed: DismissedChipRepository,
  ) {}

  async visible(actor: Actor, limit: number): Promise<ChipView[]> {
    const misfiled = await this.wiki.misfiledInboxPages(actor);
    const hidden = await this.dismissed.dismissedAmong(
      ownerOf(actor),
      misfiled.map(({ page }) => misfilingActionId(page.id)),
    );
    return misfiled
      .filter(({ page }) => !hidden.has(misfilingActionId(page.id)))
      .slice(0, limit)
      .map(({ page, folder }) => ({
        action_id: misfilingActionId(page.id),
        kind: 'misfiling',
        message: `“${page.title}” looks like it belongs in ${folder.path}`,
        notification_id: page.id,
      }));
  }

  /**
   * Files the page into its rule's folder through the wiki's page move. A second accept (also a
   * parallel one) finds the page gone from the Inbox: 400 with that reason.
   */
  async accept(actor: Actor, notificationId: string): Promise<AcceptedMisfiling> {
    const actionId = misfilingActionId(notificationId);
    const hidden = await this.dismissed.dismissedAmong(ownerOf(actor), [actionId]);
    if (hidden.has(actionId)) {
      throw AppError.badRequest('You dismissed this chip, so there is nothing to accept.', {
        reason: 'dismissed',
      });
    }
    const filed = await this.wiki.fileMisfiledPage(actor, notificationId);
    return { moved: true, action_id: actionId, ...filed };
  }

  /** Hides the chip for the caller only; any well-formed action id, idempotent. */
  async dismiss(actor: Actor, actionId: string): Promise<void> {
    await this.dismissed.insert(ownerOf(actor), actionId);
  }
}
