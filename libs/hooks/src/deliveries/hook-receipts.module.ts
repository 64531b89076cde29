import { Global, Module } from '@nestjs/common';
import { DeliveryReceiptSource } from '@cw/workflows';
import { DeliveryRepository } from './delivery.repository';
import { HookDeliveryReceipts } from './hook-delivery-receipts';

/**
 * Fills reports' `delivery_receipts` in any process that composes it, with nothing else of the
 * hooks context: the report readers of workflows find the source globally (workflows cannot
 * import hooks; hooks builds on workflows).
 */
@Global()
@Module({
  providers: [
    DeliveryRepository,
    HookDeliveryReceipts,
    { provide: DeliveryReceiptSource, useExisting: HookDeliveryReceipts },
  ],
  exports: [DeliveryReceiptSource],
})
export class HookReceiptsModule {}
