import type { OperationContract } from '../contracts/operation-contract';

/** One operation as the caller's credential meets it. Only operation metadata, never a resource. */
export interface OperationRecordView {
  operation_id: string;
  method: string;
  path: string;
  required_scopes: string[] | null;
  prerequisites: string[];
  token_admitted: boolean;
  unavailable_reason: string | null;
  missing_scopes: string[];
  next_action: string;
  contract_url: string;
  /** Only when the query named exactly one operation. */
  contract?: OperationContract;
}

export interface OperationRecordsView {
  schema_revision: string;
  operations: OperationRecordView[];
}
