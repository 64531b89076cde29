import { Inject, Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppError, ErrorCode } from '@cw/platform';
import { type DescribedOperation, describedOperations } from './described-operation';
import { DISCOVERY_DOCUMENT, type DiscoveryDocumentSource } from './discovery-document';
import { schemaRevisionOf } from './schema-revision';

/** The description with what discovery derives from it once: its revision and its operations. */
export interface IndexedDescription {
  document: OpenAPIObject;
  revision: string;
  operations: DescribedOperation[];
  byId: ReadonlyMap<string, DescribedOperation>;
}

/**
 * Reads the live description from the app's source and indexes it once per document object:
 * a changed description (a new object) is hashed and indexed again on its first use.
 */
@Injectable()
export class DescriptionIndex {
  private readonly indexed = new WeakMap<OpenAPIObject, IndexedDescription>();

  constructor(@Inject(DISCOVERY_DOCUMENT) private readonly source: DiscoveryDocumentSource) {}

  current(): IndexedDescription {
    const document = this.source.document();
    if (!document)
      throw new AppError(ErrorCode.ServiceUnavailable, 'The API description is not built yet.', {
        headers: { 'Retry-After': '1' },
      });
    let index = this.indexed.get(document);
    if (!index) {
      const operations = describedOperations(document);
      index = {
        document,
        revision: schemaRevisionOf(document),
        operations,
        byId: new Map(operations.map((operation) => [operation.operationId, operation])),
      };
      this.indexed.set(document, index);
    }
    return index;
  }
}
