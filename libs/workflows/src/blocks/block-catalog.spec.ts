import Ajv2020 from 'ajv/dist/2020';
import { BLOCK_CATALOG, BLOCK_NAMES, blockSpecOf } from './block-catalog';

describe('the block catalog', () => {
  it('describes every block once, in the declared order', () => {
    expect(BLOCK_CATALOG.map((spec) => spec.block)).toEqual([...BLOCK_NAMES]);
    expect(blockSpecOf('wiki.search')?.block).toBe('wiki.search');
    expect(blockSpecOf('shell.exec')).toBeUndefined();
  });

  it.each(BLOCK_CATALOG.map((spec) => [spec.block, spec] as const))(
    '%s: its schema compiles under strict JSON Schema 2020-12 and names its template fields',
    (_name, spec) => {
      expect(() => new Ajv2020({ strict: true }).compile(spec.input_schema)).not.toThrow();
      const properties = spec.input_schema.properties as Record<string, { type?: string }>;
      for (const field of spec.templateFields) expect(properties[field]?.type).toBe('string');
      expect(spec.input_schema.additionalProperties).toBe(false);
    },
  );
});
