import { parseSearchText } from '../search/search-text';
import { pageSearchStatement } from './page-search.sql';

const reader = { companyId: 'c1', personId: 'alice', teamIds: ['t1'] };
const page = { limit: 10, offset: 20 };

describe('the search statement', () => {
  it('takes the query, then visibility, then the page of hits as parameters', () => {
    const { sql, params } = pageSearchStatement(
      reader,
      parseSearchText('deploy'),
      null,
      page,
      false,
    );
    expect(params).toEqual(['deploy', 'deploy', 'c1', 'alice', ['t1'], 10, 20]);
    expect(sql).toContain('LIMIT $6::int + 1 OFFSET $7::int');
    expect(sql).toContain('WHERE p.deleted_at IS NULL');
    expect(sql).not.toContain('prefix_lexemes');
  });

  it("re-reads a cached expansion's lexemes in the same statement when asked to", () => {
    const expansion = {
      word: 'kub',
      stem: 'kub',
      match: { kind: 'lexemes' as const, lexemes: ['kubernet'] },
    };
    const { sql, params } = pageSearchStatement(
      reader,
      parseSearchText('kub'),
      expansion,
      page,
      true,
    );
    expect(params.slice(-2)).toEqual(['c1', 'kub']);
    expect(sql).toContain('AS prefix_lexemes');
  });
});
