import type { WorkflowReaderIdentity } from '../access/workflow-visibility.sql';
import type { DeliveryReceipt } from './report';

/**
 * Where a report's `delivery_receipts` come from. Report hooks build on workflows (never the
 * reverse), so the hooks context provides this where it is composed; without it a report lists
 * no receipts.
 */
export abstract class DeliveryReceiptSource {
  /** The deliveries of this report to the reader's own hooks, oldest first. */
  abstract receiptsFor(reader: WorkflowReaderIdentity, runId: string): Promise<DeliveryReceipt[]>;
}
