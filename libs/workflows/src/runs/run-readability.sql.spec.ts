import { readableRunsSql } from './run-readability.sql';

describe('readableRunsSql', () => {
  const reader = { companyId: 'c1', personId: 'p1', teamIds: ['t1'] };

  it('admits the starter and whoever sees the workflow, within the company', () => {
    const params: unknown[] = ['before'];
    const sql = readableRunsSql('r', 'w', reader, params);
    expect(params).toEqual(['before', 'c1', 'p1', ['t1'], 'c1', 'p1']);
    expect(sql).toContain('r.company_id = $5');
    expect(sql).toContain('r.started_by = $6');
    expect(sql).toContain("w.visibility = 'company'");
  });
});
