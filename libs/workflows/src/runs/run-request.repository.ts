import { Injectable } from '@nestjs/common';
import { camelColumns, first, run, type StatementRunner } from '@cw/db';
import { RUN_REQUEST_COLUMNS, type RunRequest, workflowsDb } from '../workflows-schema';

export interface RunRequestKey {
  companyId: string;
  personId: string;
  runRequestId: string;
}

export const runRequestStatements = {
  find: (key: RunRequestKey) =>
    workflowsDb
      .selectFrom('workflows.run_requests')
      .select(camelColumns(RUN_REQUEST_COLUMNS))
      .where('company_id', '=', key.companyId)
      .where('person_id', '=', key.personId)
      .where('run_request_id', '=', key.runRequestId),

  insert: (receipt: RunRequestKey & { requestHash: Buffer; workflowId: string; runId: string }) =>
    workflowsDb.insertInto('workflows.run_requests').values({
      company_id: receipt.companyId,
      person_id: receipt.personId,
      run_request_id: receipt.runRequestId,
      request_hash: receipt.requestHash,
      workflow_id: receipt.workflowId,
      run_id: receipt.runId,
    }),
};

/** `workflows.run_requests`: the receipts of caller-minted run_request_ids. */
@Injectable()
export class RunRequestRepository {
  find(runner: StatementRunner, key: RunRequestKey): Promise<RunRequest | null> {
    return first(runner, runRequestStatements.find(key));
  }

  /** Reserves the key; a concurrent or earlier reservation fails with a unique violation. */
  insert(
    runner: StatementRunner,
    receipt: RunRequestKey & { requestHash: Buffer; workflowId: string; runId: string },
  ): Promise<void> {
    return run(runner, runRequestStatements.insert(receipt));
  }
}
