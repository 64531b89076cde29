import type { PageRecord } from './page-record';
import { pageResponse, pathOf } from './page-view';

const row = {
  id: '7',
  public_id: 'p7',
  lane: 'company',
  folder_path: '/Company/Runbooks',
  title: 'Deploys',
  content_md: '# Deploys',
  current_version: 3,
  restricted: true,
  created_at: new Date(0),
  updated_at: new Date(1000),
  can_read: true,
} as PageRecord;

describe('page views', () => {
  it("joins a page's folder path and title", () => {
    expect(pathOf(row)).toBe('/Company/Runbooks/Deploys');
  });

  it('shows content and access only to a reader of the content', () => {
    expect(pageResponse(row, false).access).toEqual({
      can_edit: false,
      can_comment: true,
      can_delete: false,
      restricted: true,
    });
    expect(pageResponse(row, true).page.content_md).toBe('# Deploys');
    const metadataOnly = pageResponse({ ...row, can_read: false }, true);
    expect(metadataOnly.access).toBeNull();
    expect(metadataOnly.page).not.toHaveProperty('content_md');
  });
});
