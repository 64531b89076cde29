import type { OpenAPIObject } from '@nestjs/swagger';
import { SERVICES } from '@cw/platform';
import { describedRoutes, ownerOf } from './edge-routes';

const named = (path: string): string | undefined => ownerOf(path, SERVICES)?.name;

describe('ownerOf', () => {
  it('gives each path to the service whose route pattern claims it most specifically', () => {
    expect(named('/api/wiki/pages/{page_id}')).toBe('wiki-service');
    expect(named('/public/pages/{token}')).toBe('wiki-service');
    expect(named('/api/workflows')).toBe('workflow-runner');
    expect(named('/api/reports/{report_id}')).toBe('workflow-runner');
    expect(named('/api/reports/{report_id}/callbacks')).toBe('hook-dispatcher');
    expect(named('/mcp')).toBe('mcp-server');
  });

  it("leaves the gateway's own paths to the gateway", () => {
    for (const path of [
      '/api/auth/sign-in',
      '/api/acceptance/auth/exchange',
      '/health',
      '/ready',
    ]) {
      expect(named(path)).toBeUndefined();
    }
    expect(named('/api/wikipedia')).toBeUndefined();
  });
});

describe('describedRoutes', () => {
  const operation = (authentication: string, content = 'application/json'): unknown => ({
    'x-service': { authentication },
    requestBody: { content: { [content]: {} } },
  });
  const description = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/api/wiki/pages/{page_id}/files': {
        post: operation('person', 'multipart/form-data'),
        get: operation('person'),
        parameters: [],
      },
      '/api/workflows/hooks/{public_id}/{token}': { post: operation('route_specific') },
      '/public/pages/{token}': { get: operation('route_specific') },
      '/api/auth/sign-in': { post: operation('route_specific') },
      '/api/feedback': {
        post: { ...(operation('person') as object), 'x-body-limit-bytes': 37_748_736 },
      },
    },
  } as unknown as OpenAPIObject;

  it('routes every operation of a service with its credential rule, body kind and own body limit, from the description', () => {
    const routes = describedRoutes(description, SERVICES).map(({ service, ...route }) => ({
      ...route,
      service: service.name,
    }));
    expect(routes).toEqual([
      {
        method: 'POST',
        url: '/api/wiki/pages/:page_id/files',
        service: 'wiki-service',
        credentialRequired: true,
        upload: true,
      },
      {
        method: 'GET',
        url: '/api/wiki/pages/:page_id/files',
        service: 'wiki-service',
        credentialRequired: true,
        upload: false,
      },
      {
        method: 'POST',
        url: '/api/workflows/hooks/:public_id/:token',
        service: 'workflow-runner',
        credentialRequired: false,
        upload: false,
      },
      {
        method: 'GET',
        url: '/public/pages/:token',
        service: 'wiki-service',
        credentialRequired: false,
        upload: false,
      },
      {
        method: 'POST',
        url: '/api/feedback',
        service: 'feedback-intake',
        credentialRequired: true,
        upload: false,
        bodyLimit: 37_748_736,
      },
    ]);
  });
});
