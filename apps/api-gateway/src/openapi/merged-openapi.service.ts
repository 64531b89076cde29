import { Injectable, Logger } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { OpenApiDocumentHolder, SERVICES, serviceUrl } from '@cw/platform';
import { request } from 'undici';

const CACHE_MS = 30_000;

/**
 * The gateway's description is the union of every service's own one plus the gateway's routes.
 * A complete union is cached briefly; an incomplete one (a service down) is served but not kept.
 */
@Injectable()
export class MergedOpenApiService {
  private readonly logger = new Logger(MergedOpenApiService.name);
  private cached?: { document: OpenAPIObject; expiresAt: number };

  constructor(private readonly own: OpenApiDocumentHolder) {}

  async document(): Promise<OpenAPIObject> {
    if (this.cached && this.cached.expiresAt > Date.now()) return this.cached.document;
    const fetched = await Promise.all(
      SERVICES.map((service) => this.fetchFrom(serviceUrl(service), service.name)),
    );
    const parts = fetched.filter((part): part is OpenAPIObject => part !== null);
    const merged = mergeDocuments(this.own.document!, parts);
    if (parts.length === SERVICES.length)
      this.cached = { document: merged, expiresAt: Date.now() + CACHE_MS };
    return merged;
  }

  private async fetchFrom(base: string, name: string): Promise<OpenAPIObject | null> {
    try {
      const response = await request(`${base}/openapi.json`, {
        headersTimeout: 3000,
        bodyTimeout: 3000,
      });
      if (response.statusCode !== 200) {
        await response.body.dump();
        throw new Error(`status ${response.statusCode}`);
      }
      return (await response.body.json()) as OpenAPIObject;
    } catch (error) {
      this.logger.warn(`description of ${name} unavailable: ${(error as Error).message}`);
      return null;
    }
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
  if (tags.size > 0) merged.tags = [...tags.values()];
  return merged;
}
