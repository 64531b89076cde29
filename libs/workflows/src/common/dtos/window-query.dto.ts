import { ListLimit, ListOffset } from '@cw/platform';

/** The limit/offset window of the workflows context's list routes (limit 1..200, default 50). */
export class WindowQueryDto {
  @ListLimit(200)
  limit?: number;

  @ListOffset()
  offset?: number;
}
