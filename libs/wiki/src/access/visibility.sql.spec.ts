import { contentReadableSql, readablePagesSql, visiblePagesSql } from './visibility.sql';

const reader = { companyId: 'c1', personId: 'alice', teamIds: ['t1', 't2'] };

describe('the visibility predicates', () => {
  it('appends company, person and teams to the parameters and refers to them by position', () => {
    const params: unknown[] = ['earlier'];
    const sql = visiblePagesSql('p', reader, params);
    expect(params).toEqual(['earlier', 'c1', 'alice', ['t1', 't2']]);
    expect(sql).toContain('p.company_id = $2 AND p.deleted_at IS NULL');
    expect(sql).toContain("p.lane = 'private' AND p.lane_owner_id = $3");
    expect(sql).toContain("p.lane = 'team' AND p.lane_owner_id = ANY($4::uuid[])");
  });

  it('reads restricted content only through the access list, for the same person', () => {
    expect(contentReadableSql('x', '$9')).toContain('pa.page_id = x.id AND pa.person_id = $9');
    const params: unknown[] = [];
    const sql = readablePagesSql('p', reader, params);
    expect(params).toHaveLength(3);
    expect(sql).toContain('pa.person_id = $2');
  });
});
