import type { DescribedOperation } from '../description/described-operation';

/** The words of a query: lower case, split on white space. */
export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

function searchableText(operation: DescribedOperation): string {
  return [
    operation.operationId,
    operation.method,
    operation.path,
    operation.summary,
    ...operation.tags,
    ...operation.xService.mcp_tools,
  ]
    .join('\n')
    .toLowerCase();
}

/**
 * The operations a query names. Every word must occur (case-insensitively) in the operation's
 * id, method, path, summary, a tag or an MCP tool name. A query that is exactly one operation's
 * id names that operation alone, even where the id is part of others' (`readPage`,
 * `readPageVersion`). An empty query names every operation.
 */
export function matchOperations(
  operations: readonly DescribedOperation[],
  query: string,
): DescribedOperation[] {
  const words = queryWords(query);
  if (words.length === 0) return [...operations];
  if (words.length === 1) {
    const exact = operations.find((operation) => operation.operationId.toLowerCase() === words[0]);
    if (exact) return [exact];
  }
  return operations.filter((operation) => {
    const text = searchableText(operation);
    return words.every((word) => text.includes(word));
  });
}
