/**
 * The largest `offset` a list route takes. Offsets reach SQL as PostgreSQL integers (some
 * statements cast them to `int`), and `offset + limit + 1` must stay in that range
 * (2,147,483,647), so a larger one is refused with 400 instead of failing in the database.
 */
export const MAX_LIST_OFFSET = 2_000_000_000;

export interface OffsetWindow<T> {
  items: T[];
  has_more: boolean;
  /** Pass as `offset` for the next window; null at the end. */
  next_offset: number | null;
}

/**
 * Cuts a window out of rows fetched with `LIMIT limit + 1 OFFSET offset`: the extra row only
 * tells whether more follow.
 */
export function offsetWindow<T>(
  fetched: readonly T[],
  limit: number,
  offset: number,
): OffsetWindow<T> {
  const hasMore = fetched.length > limit;
  return {
    items: fetched.slice(0, limit),
    has_more: hasMore,
    next_offset: hasMore ? offset + limit : null,
  };
}
