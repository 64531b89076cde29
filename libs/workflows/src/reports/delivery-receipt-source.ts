import type { WorkflowReaderIdentity } from '../access/workflow-visibility.sql';
import type { DeliveryReceipt } from './report';

/**
 * Where a report's `delivery_receipts` come from. Report hooks build on workflows (never the
 * reverse), so the hooks context provides this where it is composed; without it a report lists
 * no receipts.
 */
export abstract class DeliveryReceiptSource {
  /** The deliveries of these reports to the reader's own hooks, oldest first, by report id. */
  abstract receiptsOf(
    reader: WorkflowReaderIdentity,
    runIds: readonly string[],
  ): Promise<Map<string, DeliveryReceipt[]>>;
}
