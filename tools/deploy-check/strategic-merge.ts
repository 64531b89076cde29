import { isRecord } from './k8s-object';

/**
 * The list fields merged item by item, by the key that names an item (Kubernetes'
 * patchMergeKey). Every other list in a patch replaces the target's list, as in kustomize.
 */
const MERGE_KEYS: Record<string, readonly string[]> = {
  containers: ['name'],
  initContainers: ['name'],
  env: ['name'],
  volumes: ['name'],
  volumeMounts: ['mountPath'],
  imagePullSecrets: ['name'],
  // Container ports merge on containerPort, Service ports on port.
  ports: ['containerPort', 'port'],
};

const DIRECTIVE = '$patch';

/** True when a patch document or list item asks for its target to be removed. */
export function isDeleteDirective(patch: unknown): boolean {
  return isRecord(patch) && patch[DIRECTIVE] === 'delete';
}

/**
 * Applies a strategic-merge patch: maps merge recursively, `null` removes a field, the lists in
 * MERGE_KEYS merge by key (an item with `$patch: delete` removes its match), other lists and
 * scalars replace. Other directives are refused rather than half-supported.
 */
export function strategicMerge(target: unknown, patch: unknown, field = ''): unknown {
  if (Array.isArray(patch)) {
    return Array.isArray(target) ? mergeList(target, patch, field) : structuredClone(patch);
  }
  if (!isRecord(patch)) return structuredClone(patch);
  const directive = patch[DIRECTIVE];
  if (directive === 'replace') return withoutDirective(patch);
  if (directive !== undefined)
    throw new Error(`unsupported patch directive ${DIRECTIVE}: ${JSON.stringify(directive)}`);
  for (const key of Object.keys(patch)) {
    if (key.startsWith('$')) throw new Error(`unsupported patch directive ${key}`);
  }
  const merged: Record<string, unknown> = isRecord(target) ? structuredClone(target) : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = strategicMerge(merged[key], value, key);
  }
  return merged;
}

/** As kustomize orders them: the patch's items first, then the target's items it leaves alone. */
function mergeList(target: unknown[], patch: unknown[], field: string): unknown[] {
  const mergeKey = listMergeKey(field, [...target, ...patch]);
  if (mergeKey === undefined) return structuredClone(patch);
  const targetItems = target as Record<string, unknown>[];
  const patchItems = patch as Record<string, unknown>[];
  const merged = patchItems
    .filter((item) => !isDeleteDirective(item))
    .map((item) => {
      const existing = targetItems.find((candidate) => candidate[mergeKey] === item[mergeKey]);
      return existing ? strategicMerge(existing, item, field) : withoutDirective(item);
    });
  const untouched = targetItems.filter(
    (item) => !patchItems.some((candidate) => candidate[mergeKey] === item[mergeKey]),
  );
  return [...merged, ...structuredClone(untouched)];
}

/** The merge key of a list field, when every item is a map that carries it. */
function listMergeKey(field: string, items: unknown[]): string | undefined {
  return MERGE_KEYS[field]?.find((key) =>
    items.every((item) => isRecord(item) && item[key] !== undefined),
  );
}

function withoutDirective(value: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(value);
  delete copy[DIRECTIVE];
  return copy;
}
