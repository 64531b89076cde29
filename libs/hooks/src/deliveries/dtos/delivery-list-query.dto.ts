import { ListLimit, ListOffset } from '@cw/platform';

/** A hook's delivery window (limit 1..100, default 50). */
export class DeliveryListQueryDto {
  @ListLimit(100)
  limit?: number;

  @ListOffset()
  offset?: number;
}
