import { Injectable } from '@nestjs/common';
import type { Actor, OperatorRequirement } from '@cw/domain';
import { CredentialService } from '@cw/identity/credentials';
import { admissionOf } from '../admission/admission';
import { ConfiguredSettings } from '../admission/configured-settings';
import { prerequisitesOf, requirementsOf } from '../admission/operation-requirements';
import { contractOf } from '../contracts/operation-contract';
import { DescriptionIndex } from '../description/description-index';
import { contractUrlOf } from '../developer-api';
import { matchOperations } from '../matching/match-operations';
import type { OperationRecordsView, OperationRecordView } from './operation-record-view';

/** The discovery record: the operations a query names, as the caller's credential meets them. */
@Injectable()
export class OperationRecordsService {
  constructor(
    private readonly descriptions: DescriptionIndex,
    private readonly credentials: CredentialService,
    private readonly settings: ConfiguredSettings,
  ) {}

  async find(actor: Actor, query: string): Promise<OperationRecordsView> {
    const description = this.descriptions.current();
    const matched = matchOperations(description.operations, query);
    const requirements = matched.map((operation) => requirementsOf(operation));
    // Read live, as the guard does, once for every grant the matched operations name.
    const missingGrants = new Set<string>(
      await this.credentials.missingOperatorGrants(actor.personId, [
        ...new Set(
          requirements.flatMap((each) => each.operatorRequirements as OperatorRequirement[]),
        ),
      ]),
    );
    const caller = { kind: actor.credential.kind, scopes: actor.credential.scopes };
    const operations = matched.map((operation, position): OperationRecordView => {
      const needs = requirements[position];
      const admission = admissionOf(needs, caller, {
        missingGrants: needs.operatorRequirements.filter((grant) => missingGrants.has(grant)),
        missingSettings: this.settings.missing(operation.path, needs.settings),
      });
      return {
        operation_id: operation.operationId,
        method: operation.method,
        path: operation.path,
        required_scopes: needs.scopes,
        prerequisites: prerequisitesOf(needs),
        token_admitted: admission.tokenAdmitted,
        unavailable_reason: admission.unavailableReason,
        missing_scopes: admission.missingScopes,
        next_action: admission.nextAction,
        contract_url: contractUrlOf(operation.operationId),
      };
    });
    if (operations.length === 1) {
      operations[0].contract = contractOf(description.document, matched[0]);
    }
    return { schema_revision: description.revision, operations };
  }
}
