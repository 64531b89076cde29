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
