import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

export interface ReceiverConfig {
  hookId: string;
  keyId: string;
  secret: string;
}

export type DocsVerifier = (
  headers: Record<string, string>,
  rawBody: Buffer,
  config: ReceiverConfig,
  nowMs?: number,
) => { deliveryId: string; report: unknown };

const DOCS = join(__dirname, '../../../../docs/hooks.md');
const EXAMPLE =
  /<!-- verify-example:start -->\s*```js\n([\s\S]*?)```\s*<!-- verify-example:end -->/;

/**
 * The receiver-side verification example of docs/hooks.md, exactly as published: its code block
 * is read from the page and run, so the page and the tests cannot drift apart.
 */
export function docsVerifier(): DocsVerifier {
  const match = EXAMPLE.exec(readFileSync(DOCS, 'utf8'));
  if (!match) throw new Error('docs/hooks.md has no verify-example block');
  return runInNewContext(`${match[1]}\nverifyReportDelivery;`, {
    require,
    Buffer,
  }) as DocsVerifier;
}
