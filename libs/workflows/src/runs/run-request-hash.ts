import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every depth, so equal values always read the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, each]) => each !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, each]) => `${JSON.stringify(key)}:${canonicalJson(each)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a run_request_id binds: the workflow, the inputs and the title. */
export function runRequestHash(workflowId: string, inputs: unknown, title: string | null): Buffer {
  return createHash('sha256')
    .update(canonicalJson([workflowId, inputs, title]))
    .digest();
}
