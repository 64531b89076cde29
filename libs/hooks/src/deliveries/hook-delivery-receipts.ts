import { Injectable } from '@nestjs/common';
import { type DeliveryReceipt, DeliveryReceiptSource } from '@cw/workflows';
import type { HookOwner } from '../registration/hook.repository';
import { DeliveryRepository } from './delivery.repository';

/** A report's `delivery_receipts`: its deliveries to the reader's own hooks. */
@Injectable()
export class HookDeliveryReceipts extends DeliveryReceiptSource {
  constructor(private readonly deliveries: DeliveryRepository) {
    super();
  }

  receiptsFor(
    reader: { personId: string; companyId: string },
    runId: string,
  ): Promise<DeliveryReceipt[]> {
    const owner: HookOwner = { personId: reader.personId, companyId: reader.companyId };
    return this.deliveries.receiptsFor(owner, runId);
  }
}
