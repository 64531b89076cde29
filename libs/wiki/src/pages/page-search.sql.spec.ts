import { compileStatement } from '@cw/db';
import { parseSearchText } from '../search/search-text';
import { pageSearchStatement } from './page-search.sql';

const reader = { companyId: 'c1', personId: 'alice', teamIds: ['t1'] };
const page = { limit: 10, offset: 20 };

describe('the search statement', () => {
  it('takes the query, then visibility, then the page of hits as parameters', () => {
    const { sql, parameters } = compileStatement(
      pageSearchStatement(reader, parseSearchText('deploy'), null, page, false),
    );
    expect(parameters).toEqual(['deploy', 'deploy', 'c1', 'alice', ['t1'], 'alice', 10, 20]);
    expect(sql).toContain('LIMIT $7::int + 1 OFFSET $8::int');
    expect(sql).toContain('WHERE p.deleted_at IS NULL');
    expect(sql).not.toContain('prefix_lexemes');
  });

  it("re-reads a cached expansion's lexemes in the same statement when asked to", () => {
    const expansion = {
      word: 'kub',
      stem: 'kub',
      match: { kind: 'lexemes' as const, lexemes: ['kubernet'] },
    };
    const { sql, parameters } = compileStatement(
      pageSearchStatement(reader, parseSearchText('kub'), expansion, page, true),
    );
    expect(parameters.slice(0, 3)).toEqual(['c1', 'kub', 'kub']);
    expect(sql).toContain('AS prefix_lexemes');
  });
});
