/**
 * The items grouped by `keyOf`, as `valueOf` gives them (the items themselves by default): each
 * group in the items' order, the groups in the order their keys first appear.
 */
export function groupBy<T, K>(items: Iterable<T>, keyOf: (item: T) => K): Map<K, T[]>;
export function groupBy<T, K, V>(
  items: Iterable<T>,
  keyOf: (item: T) => K,
  valueOf: (item: T) => V,
): Map<K, V[]>;
export function groupBy<T, K, V>(
  items: Iterable<T>,
  keyOf: (item: T) => K,
  valueOf?: (item: T) => V,
): Map<K, (T | V)[]> {
  const groups = new Map<K, (T | V)[]>();
  for (const item of items) {
    const key = keyOf(item);
    const value = valueOf ? valueOf(item) : item;
    const group = groups.get(key);
    if (group) group.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}
