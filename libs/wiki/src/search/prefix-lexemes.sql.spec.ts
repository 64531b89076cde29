import { compileStatement } from '@cw/db';
import { MAX_PREFIX_LEXEMES } from './prefix-expansion';
import { expansionFromRecord, prefixLexemesStatements } from './prefix-lexemes.sql';

describe('the prefix lexemes of a company', () => {
  it('reads at most one lexeme more than an expansion takes, in byte order', () => {
    const { sql, parameters } = compileStatement(prefixLexemesStatements.expandPrefix('c1', 'kub'));
    expect(parameters).toEqual(['c1', 'kub']);
    expect(sql).toContain(`LIMIT ${MAX_PREFIX_LEXEMES + 1}`);
    expect(sql).toContain('COLLATE "C"');
  });

  it('expands a word of one stem, and keeps a partial match for a stop word', () => {
    expect(expansionFromRecord('kub', { stems: ['kub'], lexemes: ['kubernet'] })).toEqual({
      word: 'kub',
      stem: 'kub',
      match: { kind: 'lexemes', lexemes: ['kubernet'] },
    });
    expect(expansionFromRecord('the', { stems: [], lexemes: [] }).match).toEqual({
      kind: 'partial',
    });
  });
});
