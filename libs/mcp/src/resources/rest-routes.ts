import type { OpenAPIObject } from '@nestjs/swagger';
import { describedRoutes, type ToolRoute } from '../catalog/tool-route';

/** The REST operations the resources and completions read, by operation id. */
export const RESOURCE_OPERATIONS = [
  'readPage',
  'bootstrapMemory',
  'getHomeSummary',
  'listWikiFolder',
  'listWorkflows',
] as const;

export type ResourceOperation = (typeof RESOURCE_OPERATIONS)[number];

/**
 * The described routes behind resources and completions, from the same OpenAPI description as
 * the tools (built on first use when it is this process's own, which exists once the app is up).
 */
export class RestRoutes {
  private routes?: Map<string, ToolRoute>;

  constructor(private readonly description: () => OpenAPIObject) {}

  route(operation: ResourceOperation): ToolRoute {
    this.routes ??= new Map(
      describedRoutes(this.description()).map((route) => [route.operationId, route]),
    );
    const route = this.routes.get(operation);
    if (!route) throw new Error(`the OpenAPI description has no operation ${operation}`);
    return route;
  }

  /** Fails the start when an operation is missing (the description is read once, at start). */
  ensure(): void {
    for (const operation of RESOURCE_OPERATIONS) this.route(operation);
  }
}
