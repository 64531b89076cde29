import type { OpenAPIObject } from '@nestjs/swagger';
import { operationEntries, type XService } from '@cw/platform';

/** One operation of the description as discovery reads it (the raw object stays at hand). */
export interface DescribedOperation {
  operationId: string;
  /** Upper case, as a client writes it. */
  method: string;
  path: string;
  summary: string;
  tags: string[];
  xService: XService;
  operation: OperationObject;
}

/** The parts of an OpenAPI operation discovery reads; everything else passes through. */
export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  security?: unknown[];
  deprecated?: boolean;
  'x-service'?: XService;
}

/**
 * Every operation with an `operationId` and a route policy (`x-service`), in the description's
 * path order. Every route declares its policy, so none is left out in practice.
 */
export function describedOperations(document: OpenAPIObject): DescribedOperation[] {
  const operations: DescribedOperation[] = [];
  for (const { path, method, operation } of operationEntries<OperationObject>(document)) {
    const xService = operation['x-service'];
    if (!operation.operationId || !xService) continue;
    operations.push({
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path,
      summary: operation.summary ?? '',
      tags: operation.tags ?? [],
      xService,
      operation,
    });
  }
  return operations;
}
