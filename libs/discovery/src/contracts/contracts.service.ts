import { Injectable } from '@nestjs/common';
import { AppError } from '@cw/platform';
import { DescriptionIndex } from '../description/description-index';
import { contractUrlOf } from '../developer-api';
import { matchOperations } from '../matching/match-operations';
import type { ContractIndexView, ContractView } from './contract-views';
import { contractOf } from './operation-contract';

/** The public contracts: an index of operations and each one's full contract. */
@Injectable()
export class ContractsService {
  constructor(private readonly descriptions: DescriptionIndex) {}

  index(query: string): ContractIndexView {
    const description = this.descriptions.current();
    return {
      schema_revision: description.revision,
      operations: matchOperations(description.operations, query).map((operation) => ({
        operation_id: operation.operationId,
        method: operation.method,
        path: operation.path,
        contract_url: contractUrlOf(operation.operationId),
      })),
    };
  }

  contract(operationId: string): ContractView {
    const description = this.descriptions.current();
    const operation = description.byId.get(operationId);
    if (!operation) {
      throw AppError.notFound(
        'No operation has this id; GET /api/developer/contracts lists every operation id.',
      );
    }
    return {
      schema_revision: description.revision,
      contract: contractOf(description.document, operation),
    };
  }
}
