import { Entity, PrimaryColumn } from 'typeorm';

/** One person on a restricted page's access list (`wiki.page_access`). */
@Entity({ schema: 'wiki', name: 'page_access' })
export class PageAccess {
  @PrimaryColumn({ name: 'page_id', type: 'bigint' })
  pageId!: string;

  @PrimaryColumn({ name: 'person_id', type: 'uuid' })
  personId!: string;
}
