import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RunRequest } from './entities/run-request.entity';

export interface RunRequestKey {
  companyId: string;
  personId: string;
  runRequestId: string;
}

/** `workflows.run_requests`: the receipts of caller-minted run_request_ids. */
@Injectable()
export class RunRequestRepository {
  find(manager: EntityManager, key: RunRequestKey): Promise<RunRequest | null> {
    return manager.getRepository(RunRequest).findOneBy(key);
  }

  /** Reserves the key; a concurrent or earlier reservation fails with a unique violation. */
  async insert(
    manager: EntityManager,
    receipt: RunRequestKey & { requestHash: Buffer; workflowId: string; runId: string },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO workflows.run_requests
         (company_id, person_id, run_request_id, request_hash, workflow_id, run_id)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        receipt.companyId,
        receipt.personId,
        receipt.runRequestId,
        receipt.requestHash,
        receipt.workflowId,
        receipt.runId,
      ],
    );
  }
}
