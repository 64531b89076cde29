import { compileStatement } from '@cw/db';
import { contentReadable, readablePages, visiblePages } from './visibility.sql';

const reader = { companyId: 'c1', personId: 'alice', teamIds: ['t1', 't2'] };

describe('the visibility predicates', () => {
  it('binds company, person and teams as parameters, in that order', () => {
    const { sql, parameters } = compileStatement(visiblePages('p', reader));
    expect(parameters).toEqual(['c1', 'alice', ['t1', 't2']]);
    expect(sql).toContain('p.company_id = $1 AND p.deleted_at IS NULL');
    expect(sql).toContain("p.lane = 'private' AND p.lane_owner_id = $2");
    expect(sql).toContain("p.lane = 'team' AND p.lane_owner_id = ANY($3::uuid[])");
  });

  it('reads restricted content only through the access list, for the same person', () => {
    const alone = compileStatement(contentReadable('x', 'bob'));
    expect(alone.sql).toContain('pa.page_id = x.id AND pa.person_id = $1');
    expect(alone.parameters).toEqual(['bob']);
    const { sql, parameters } = compileStatement(readablePages('p', reader));
    expect(parameters).toEqual(['c1', 'alice', ['t1', 't2'], 'alice']);
    expect(sql).toContain('pa.person_id = $4');
  });
});
