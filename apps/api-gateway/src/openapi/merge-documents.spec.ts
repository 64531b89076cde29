import type { OpenAPIObject } from '@nestjs/swagger';
import { mergeDocuments } from './merged-openapi.service';

const doc = (paths: Record<string, unknown>, schemas: Record<string, unknown>): OpenAPIObject =>
  ({
    openapi: '3.1.0',
    info: { title: 't', version: '0.2.0' },
    paths,
    components: { schemas },
  }) as OpenAPIObject;

describe('mergeDocuments', () => {
  it("unites the services' paths and schemas, the gateway's own winning on a clash", () => {
    const gateway = doc(
      { '/health': { get: { summary: 'gateway' } } },
      { Shared: { title: 'gateway' } },
    );
    const wiki = doc(
      {
        '/health': { get: { summary: 'wiki' } },
        '/api/wiki/search': { get: { summary: 'search' } },
      },
      { Shared: { title: 'wiki' }, SearchDto: { title: 'search' } },
    );
    const merged = mergeDocuments(gateway, [wiki]);
    expect(Object.keys(merged.paths)).toEqual(['/api/wiki/search', '/health']);
    expect(merged.paths['/health']).toEqual({ get: { summary: 'gateway' } });
    expect(merged.components?.schemas).toEqual({
      Shared: { title: 'gateway' },
      SearchDto: { title: 'search' },
    });
    expect(gateway.paths).not.toHaveProperty('/api/wiki/search');
  });

  it("lists every tag once, by name, with the gateway's description on a clash", () => {
    const tagged = (tags: { name: string; description: string }[]): OpenAPIObject => ({
      ...doc({}, {}),
      tags,
    });
    const merged = mergeDocuments(tagged([{ name: 'auth', description: 'gateway' }]), [
      tagged([
        { name: 'wiki', description: 'wiki' },
        { name: 'auth', description: 'service' },
      ]),
      tagged([{ name: 'code-sessions', description: 'runner' }]),
    ]);
    expect(merged.tags).toEqual([
      { name: 'auth', description: 'gateway' },
      { name: 'code-sessions', description: 'runner' },
      { name: 'wiki', description: 'wiki' },
    ]);
  });
});
