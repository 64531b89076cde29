import { AppError } from '@cw/platform';
import type { PageRow } from '../pages/page-row';

/**
 * Versions, comparisons, comments and files carry page content: a restricted page the actor is
 * not listed on (metadata only, `can_read` false) refuses them with 403 rather than leak it.
 */
export function assertContentReadable(page: PageRow, what: string): void {
  if (!page.can_read) {
    throw AppError.accessDenied(
      `This page is restricted to the people on its access list and you are not on it, so its ${what} are not shown. Ask the page's owner for access.`,
      { error: 'page_restricted' },
    );
  }
}
