import { compileStatement } from '@cw/db';
import { readableRunsSql } from './run-readability.sql';

describe('readableRunsSql', () => {
  const reader = { companyId: 'c1', personId: 'p1', teamIds: ['t1'] };

  it('admits the starter and whoever sees the workflow, within the company', () => {
    const { sql, parameters } = compileStatement(readableRunsSql('r', 'w', reader));
    expect(parameters).toEqual(['c1', 'p1', 'c1', 'p1', ['t1']]);
    expect(sql).toContain('"r"."company_id" = $1');
    expect(sql).toContain('"r"."started_by" = $2');
    expect(sql).toContain(`"w"."visibility" = 'company'`);
  });
});
