import type { RouteMethod } from './tool-route';

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** What the HTTP method says about a call; a tool's shape may correct it (`tool-shapes.ts`). */
export function annotationsOf(method: RouteMethod): ToolAnnotations {
  switch (method) {
    case 'GET':
      return {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      };
    case 'PUT':
    case 'DELETE':
      return {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      };
    case 'POST':
    case 'PATCH':
      return {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      };
  }
}
