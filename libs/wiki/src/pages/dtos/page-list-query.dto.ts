import { ListLimit, ListOffset } from '@cw/platform';

/** limit/offset pagination of list routes. */
export class PageListQueryDto {
  @ListLimit(100)
  limit?: number;

  @ListOffset()
  offset?: number;
}
