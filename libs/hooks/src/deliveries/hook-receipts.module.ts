import { Global, Module } from '@nestjs/common';
import { DeliveryReceiptSource } from '@cw/workflows/reports';
import { DeliveryReceiptsRepository } from './delivery-receipts.repository';
import { HookDeliveryReceipts } from './hook-delivery-receipts';

/**
 * Fills reports' `delivery_receipts` in any process that composes it, with nothing else of the
 * hooks context: the report readers of workflows find the source globally (workflows cannot
 * import hooks; hooks builds on workflows).
 */
@Global()
@Module({
  providers: [
    DeliveryReceiptsRepository,
    HookDeliveryReceipts,
    { provide: DeliveryReceiptSource, useExisting: HookDeliveryReceipts },
  ],
  exports: [DeliveryReceiptSource],
})
export class HookReceiptsModule {}
