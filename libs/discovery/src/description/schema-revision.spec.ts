import { canonicalJson, schemaRevisionOf } from './schema-revision';

describe('schema_revision', () => {
  const document = {
    openapi: '3.1.0',
    paths: { '/a': { get: { operationId: 'a', responses: { 200: { description: 'ok' } } } } },
    components: { schemas: { A: { type: 'object', properties: { x: { type: 'string' } } } } },
  };

  it('ignores key order: the same description always has the same revision', () => {
    const reordered = {
      components: { schemas: { A: { properties: { x: { type: 'string' } }, type: 'object' } } },
      paths: { '/a': { get: { responses: { 200: { description: 'ok' } }, operationId: 'a' } } },
      openapi: '3.1.0',
    };
    expect(canonicalJson(reordered)).toBe(canonicalJson(document));
    expect(schemaRevisionOf(reordered)).toBe(schemaRevisionOf(document));
  });

  it('changes with any change of the description, however deep', () => {
    const changed = structuredClone(document);
    changed.components.schemas.A.properties.x.type = 'integer';
    expect(schemaRevisionOf(changed)).not.toBe(schemaRevisionOf(document));
    const added = structuredClone(document) as typeof document & { info?: unknown };
    added.info = { version: '0.2.0' };
    expect(schemaRevisionOf(added)).not.toBe(schemaRevisionOf(document));
  });

  it('keeps array order significant and is a 43-character base64url hash', () => {
    expect(schemaRevisionOf({ tags: ['a', 'b'] })).not.toBe(schemaRevisionOf({ tags: ['b', 'a'] }));
    expect(schemaRevisionOf(document)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
