import type { OpenAPIObject } from '@nestjs/swagger';
import { operationEntries, type ServiceDescriptor } from '@cw/platform';
import type { HTTPMethods } from 'fastify';

/** One described operation of a service, as the gateway routes it. */
export interface EdgeRoute {
  method: HTTPMethods;
  /** Fastify path syntax: `/api/wiki/pages/:page_id`. */
  url: string;
  service: ServiceDescriptor;
  /** The operation's policy is `person`: a request without a credential is refused at once. */
  credentialRequired: boolean;
  /** It takes a multipart upload, whose body may be larger than other routes'. */
  upload: boolean;
  /** The operation's own body limit (`x-body-limit-bytes`), when it declares one. */
  bodyLimit?: number;
}

interface DescribedOperation {
  'x-service'?: { authentication?: string };
  'x-body-limit-bytes'?: number;
  requestBody?: { content?: Record<string, unknown> };
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * How specifically a service's route pattern (`/api/wiki/*`, `/api/reports/:report_id/callbacks`)
 * matches a described path; null when it does not. As in Fastify's router, a static segment beats
 * a parameter, which beats a wildcard.
 */
function specificity(pattern: string, path: string): number | null {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(path);
  let score = 0;
  for (const [index, segment] of wanted.entries()) {
    if (segment === '*') return given.length > index ? score : null;
    const actual = given[index];
    if (actual === undefined) return null;
    if (segment.startsWith(':')) score += 1;
    else if (segment === actual) score += 2;
    else return null;
  }
  return given.length === wanted.length ? score : null;
}

/** The service whose route patterns claim a path most specifically; none for the gateway's own. */
export function ownerOf(
  path: string,
  services: readonly ServiceDescriptor[],
): ServiceDescriptor | undefined {
  let owner: ServiceDescriptor | undefined;
  let best = -1;
  for (const service of services) {
    for (const pattern of service.routes) {
      const score = specificity(pattern, path);
      if (score !== null && score > best) [owner, best] = [service, score];
    }
  }
  return owner;
}

/**
 * Every operation the services describe (the description the build writes from their route
 * policies), with what the edge needs to know before reading a body: whether a credential is
 * required, and whether it is an upload.
 */
export function describedRoutes(
  description: OpenAPIObject,
  services: readonly ServiceDescriptor[],
): EdgeRoute[] {
  const routes: EdgeRoute[] = [];
  for (const { path, method, operation } of operationEntries<DescribedOperation>(description)) {
    const service = ownerOf(path, services);
    if (!service) continue;
    routes.push({
      method: method.toUpperCase(),
      url: path.replace(/\{([^}]+)\}/g, ':$1'),
      service,
      credentialRequired: operation['x-service']?.authentication === 'person',
      upload: Object.keys(operation.requestBody?.content ?? {}).includes('multipart/form-data'),
      ...(typeof operation['x-body-limit-bytes'] === 'number' && {
        bodyLimit: operation['x-body-limit-bytes'],
      }),
    });
  }
  return routes;
}
