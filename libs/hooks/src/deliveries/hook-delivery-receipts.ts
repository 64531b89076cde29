import { Injectable } from '@nestjs/common';
import { type DeliveryReceipt, DeliveryReceiptSource } from '@cw/workflows/reports';
import type { HookOwner } from '../registration/hook-owner';
import { DeliveryReceiptsRepository } from './delivery-receipts.repository';

/** A report's `delivery_receipts`: its deliveries to the reader's own hooks. */
@Injectable()
export class HookDeliveryReceipts extends DeliveryReceiptSource {
  constructor(private readonly deliveries: DeliveryReceiptsRepository) {
    super();
  }

  receiptsOf(
    reader: { personId: string; companyId: string },
    runIds: readonly string[],
  ): Promise<Map<string, DeliveryReceipt[]>> {
    const owner: HookOwner = { personId: reader.personId, companyId: reader.companyId };
    return this.deliveries.receiptsOf(owner, runIds);
  }
}
