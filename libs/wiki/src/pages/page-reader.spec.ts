import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import type { DataSource } from 'typeorm';
import type { PageReadRepository } from './page-read.repository';
import type { PageRecord } from './page-record';
import { PageReader } from './page-reader';

const actor = {
  companyId: 'c1',
  personId: 'alice',
  teamIds: ['research'],
  credential: { kind: 'session' },
} as unknown as Actor;

function page(overrides: Partial<PageRecord>): PageRecord {
  return {
    id: '7',
    public_id: 'p7',
    company_id: 'c1',
    lane: 'company',
    lane_owner_id: null,
    folder_id: null,
    folder_path: '/Company',
    title: 'Runbook',
    content_md: '',
    current_version: 1,
    last_version: 1,
    restricted: false,
    is_folder_index: false,
    inbox_key: null,
    created_by: 'alice',
    created_at: new Date(0),
    updated_at: new Date(0),
    can_read: true,
    ...overrides,
  };
}

function readerFinding(found: PageRecord | null): PageReader {
  const repository = { findVisible: async () => found } as unknown as PageReadRepository;
  return new PageReader({ manager: {} } as DataSource, repository);
}

function refusal(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('no refusal');
}

describe('PageReader', () => {
  const reader = readerFinding(null);

  it('lets the actor edit readable pages of lanes they can write', () => {
    expect(reader.canEdit(actor, page({}))).toBe(true);
    expect(reader.canEdit(actor, page({ lane: 'team', lane_owner_id: 'research' }))).toBe(true);
    expect(reader.canEdit(actor, page({ lane: 'private', lane_owner_id: 'alice' }))).toBe(true);
    expect(reader.canEdit(actor, page({ lane: 'team', lane_owner_id: 'sales' }))).toBe(false);
    expect(reader.canEdit(actor, page({ lane: 'private', lane_owner_id: 'bob' }))).toBe(false);
    expect(reader.canEdit(actor, page({ can_read: false }))).toBe(false);
  });

  it('refuses a change of a page the actor cannot edit with 403 page_not_editable', () => {
    const error = refusal(() => reader.assertEditable(actor, page({ can_read: false })));
    expect(error.status).toBe(403);
    expect(error.details).toEqual({ error: 'page_not_editable' });
  });

  it('refuses the content of a restricted page the actor is not listed on with 403', () => {
    const error = refusal(() => reader.assertContentReadable(page({ can_read: false }), 'files'));
    expect(error.status).toBe(403);
    expect(error.details).toEqual({ error: 'page_restricted' });
    expect(error.message).toContain('its files are not shown');
    expect(() => reader.assertContentReadable(page({}), 'files')).not.toThrow();
  });

  it('answers 404 for a page the actor cannot see', async () => {
    await expect(reader.get(actor, { kind: 'legacy', id: '7' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      readerFinding(page({})).getEditable(actor, { kind: 'legacy', id: '7' }),
    ).resolves.toMatchObject({ id: '7' });
  });
});
