import { scopeSatisfies } from './scopes';

describe('scope implication', () => {
  it('admits a route by the exact scope', () => {
    expect(scopeSatisfies(['ops:read'], 'ops:read')).toBe(true);
  });

  it('lets wiki:write stand in for wiki:read', () => {
    expect(scopeSatisfies(['wiki:write'], 'wiki:read')).toBe(true);
    expect(scopeSatisfies(['wiki:read'], 'wiki:write')).toBe(false);
  });

  it('lets workflows:run and workflows:write stand in for workflows:read only', () => {
    expect(scopeSatisfies(['workflows:run'], 'workflows:read')).toBe(true);
    expect(scopeSatisfies(['workflows:write'], 'workflows:read')).toBe(true);
    expect(scopeSatisfies(['workflows:write'], 'workflows:run')).toBe(false);
    expect(scopeSatisfies(['workflows:run'], 'workflows:write')).toBe(false);
  });

  it('never crosses areas', () => {
    expect(scopeSatisfies(['wiki:write'], 'workflows:read')).toBe(false);
    expect(scopeSatisfies([], 'wiki:read')).toBe(false);
  });
});
