import { compileStatement } from '@cw/db';
import { parseSearchText } from '../search/search-text';
import { pageMemoryStatements } from './page-memory.sql';

const reader = { companyId: 'c1', personId: 'alice', teamIds: [] };

describe('the memory bootstrap statements', () => {
  it('finds the standing page in the Private lane, case-insensitively', () => {
    const { sql, parameters } = compileStatement(pageMemoryStatements.standingMemory(reader));
    expect(parameters).toEqual(['c1', 'alice', [], 'alice']);
    expect(sql).toContain("lower(p.folder_path) = '/private'");
    expect(sql).toContain("lower(p.title) = 'my assistant memory'");
  });

  it('searches the Private lane only unless shared pages are asked for', () => {
    const parsed = parseSearchText('deploy');
    const own = compileStatement(
      pageMemoryStatements.memoryMatches(reader, parsed, null, false, 6),
    );
    const shared = compileStatement(
      pageMemoryStatements.memoryMatches(reader, parsed, null, true, 6),
    );
    expect(own.sql).toContain("AND p.lane = 'private'");
    expect(shared.sql).not.toContain("AND p.lane = 'private'");
    expect(own.parameters.at(-1)).toBe(6);
    expect(own.sql).toContain(`LIMIT $${own.parameters.length}`);
    expect(own.sql).toContain("'%/workflow memory/%'");
  });
});
