/** The keys of an OpenAPI path item that name an operation (the rest are parameters, servers…). */
export const OPERATION_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'patch',
  'head',
  'options',
  'trace',
] as const;

export type OperationMethod = (typeof OPERATION_METHODS)[number];

/** One operation of a description, with where it sits; `operation` is the raw object. */
export interface OperationEntry<Operation> {
  path: string;
  method: OperationMethod;
  operation: Operation;
}

function isOperationMethod(key: string): key is OperationMethod {
  return (OPERATION_METHODS as readonly string[]).includes(key);
}

/**
 * Every operation of an OpenAPI description, in its path order: the one walk over
 * `paths` × methods that discovery, the MCP catalog, the gateway's routes and the fuzz walk
 * share. `Operation` is the caller's view of the raw object (nothing is checked).
 */
export function operationEntries<Operation = Record<string, unknown>>(document: {
  paths?: Record<string, unknown>;
}): OperationEntry<Operation>[] {
  const entries: OperationEntry<Operation>[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [key, operation] of Object.entries(item as Record<string, unknown>)) {
      if (isOperationMethod(key))
        entries.push({ path, method: key, operation: operation as Operation });
    }
  }
  return entries;
}
