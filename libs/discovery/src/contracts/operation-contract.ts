import type { OpenAPIObject } from '@nestjs/swagger';
import type { DescribedOperation } from '../description/described-operation';
import { prerequisitesOf, requirementsOf } from '../admission/operation-requirements';

const SCHEMA_REF = '#/components/schemas/';

/** How the operation authenticates its caller. */
export interface ContractAuthentication {
  /** `person`, `public`, `own_credential` or `internal_token`. */
  access: string;
  /** The `security` of the operation: the schemes it takes (empty: none, or its own). */
  security: unknown[];
  operator_requirements: string[];
  prerequisites: string[];
  resource_authorization: string;
  mcp_tools: string[];
}

export interface OperationContract {
  operation_id: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  deprecated: boolean;
  authentication: ContractAuthentication;
  required_scopes: string[] | null;
  request: { parameters: unknown[]; body: unknown };
  /** The declared success answers (1xx to 3xx) by status. */
  responses: Record<string, unknown>;
  /** The declared error answers (4xx, 5xx, `default`) by status, in the error envelope. */
  errors: Record<string, unknown>;
  /** Every `#/components/schemas/*` the above reference, directly or through each other. */
  schemas: Record<string, unknown>;
}

/** The names of the component schemas a value references (`$ref`), at any depth. */
function referencedSchemas(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) referencedSchemas(item, found);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string' && item.startsWith(SCHEMA_REF)) {
      found.add(item.slice(SCHEMA_REF.length));
    } else {
      referencedSchemas(item, found);
    }
  }
}

/** The named schemas `roots` reference, closed over the references of those schemas. */
export function transitiveSchemas(
  document: OpenAPIObject,
  roots: unknown,
): Record<string, unknown> {
  const available = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const pending = new Set<string>();
  referencedSchemas(roots, pending);
  const schemas: Record<string, unknown> = {};
  for (const name of pending) {
    // A Set iterates over names added while it is being walked: the closure is complete.
    if (name in schemas || !(name in available)) continue;
    schemas[name] = available[name];
    referencedSchemas(available[name], pending);
  }
  return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}

/** `4XX`, `404`, `5XX`, `default`: an error answer. */
function isErrorStatus(status: string): boolean {
  return status === 'default' || /^[45]/.test(status);
}

/** An operation's full contract, read from the description it belongs to. */
export function contractOf(
  document: OpenAPIObject,
  described: DescribedOperation,
): OperationContract {
  const { operation, xService } = described;
  const requirements = requirementsOf(described);
  const declared = Object.entries(operation.responses ?? {});
  const responses = Object.fromEntries(declared.filter(([status]) => !isErrorStatus(status)));
  const errors = Object.fromEntries(declared.filter(([status]) => isErrorStatus(status)));
  const request = { parameters: operation.parameters ?? [], body: operation.requestBody ?? null };
  return {
    operation_id: described.operationId,
    method: described.method,
    path: described.path,
    summary: described.summary,
    description: operation.description ?? null,
    deprecated: operation.deprecated ?? false,
    authentication: {
      access: requirements.access,
      security: operation.security ?? [],
      operator_requirements: xService.operator_requirements,
      prerequisites: prerequisitesOf(requirements),
      resource_authorization: xService.resource_authorization,
      mcp_tools: xService.mcp_tools,
    },
    required_scopes: xService.required_scopes,
    request,
    responses,
    errors,
    schemas: transitiveSchemas(document, [request, responses, errors]),
  };
}
