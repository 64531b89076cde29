import type { OperationContract } from './operation-contract';

export interface ContractIndexEntryView {
  operation_id: string;
  method: string;
  path: string;
  contract_url: string;
}

export interface ContractIndexView {
  schema_revision: string;
  operations: ContractIndexEntryView[];
}

export interface ContractView {
  schema_revision: string;
  contract: OperationContract;
}
