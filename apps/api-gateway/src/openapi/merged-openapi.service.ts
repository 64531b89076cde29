import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { OpenApiDocumentHolder } from '@cw/platform';
import { readGatewayServicesDescription } from './services-description';

/**
 * The gateway's description: its own routes plus every service's, which the build wrote from
 * the services' modules, so it is complete whichever services are up.
 */
@Injectable()
export class MergedOpenApiService {
  private readonly services = readGatewayServicesDescription();
  private merged?: OpenAPIObject;

  constructor(private readonly own: OpenApiDocumentHolder) {}

  document(): OpenAPIObject {
    this.merged ??= mergeDocuments(this.own.document!, [this.services]);
    return this.merged;
  }
}

export function mergeDocuments(base: OpenAPIObject, parts: OpenAPIObject[]): OpenAPIObject {
  const merged: OpenAPIObject = structuredClone(base);
  merged.components ??= {};
  merged.components.schemas ??= {};
  const tags = new Map((merged.tags ?? []).map((tag) => [tag.name, tag]));
  for (const part of parts) {
    for (const [path, item] of Object.entries(part.paths ?? {})) {
      merged.paths[path] = { ...item, ...merged.paths[path] };
    }
    // The gateway's own schemas win over a service's of the same name.
    merged.components.schemas = { ...part.components?.schemas, ...merged.components.schemas };
    for (const tag of part.tags ?? []) if (!tags.has(tag.name)) tags.set(tag.name, tag);
  }
  merged.paths = Object.fromEntries(
    Object.entries(merged.paths).sort(([a], [b]) => a.localeCompare(b)),
  );
  if (tags.size > 0) merged.tags = [...tags.values()].sort((a, b) => a.name.localeCompare(b.name));
  return merged;
}
