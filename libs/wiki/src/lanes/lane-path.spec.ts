import type { Actor } from '@cw/domain';
import { canWriteLane, joinPath, parseFolderPath, sameLane } from './lane-path';

describe('lane paths', () => {
  it('parses the three lane roots and the folders below them', () => {
    expect(parseFolderPath('/Private/Notes/')).toEqual({
      root: '/Private',
      lane: 'private',
      segments: ['Notes'],
    });
    expect(parseFolderPath('/Teams/Research/Docs')).toEqual({
      root: '/Teams/Research',
      lane: 'team',
      teamName: 'Research',
      segments: ['Docs'],
    });
    expect(joinPath('/Company', ['Runbooks', 'DB'])).toBe('/Company/Runbooks/DB');
    for (const path of ['Company', '/Elsewhere', '/Teams', '/Company/ padded', '/Company//x'])
      expect(() => parseFolderPath(path)).toThrow(/Invalid wiki path/);
  });

  it('lets owners write private lanes, members team lanes and everyone the company lane', () => {
    const actor = { personId: 'alice', teamIds: ['research'] } as unknown as Actor;
    expect(canWriteLane(actor, { lane: 'private', ownerId: 'alice' })).toBe(true);
    expect(canWriteLane(actor, { lane: 'private', ownerId: 'bob' })).toBe(false);
    expect(canWriteLane(actor, { lane: 'team', ownerId: 'research' })).toBe(true);
    expect(canWriteLane(actor, { lane: 'team', ownerId: 'sales' })).toBe(false);
    expect(canWriteLane(actor, { lane: 'company', ownerId: null })).toBe(true);
  });

  it('compares lanes by kind and owner', () => {
    expect(sameLane({ lane: 'team', ownerId: 't1' }, { lane: 'team', ownerId: 't1' })).toBe(true);
    expect(sameLane({ lane: 'team', ownerId: 't1' }, { lane: 'team', ownerId: 't2' })).toBe(false);
    expect(sameLane({ lane: 'company', ownerId: null }, { lane: 'private', ownerId: null })).toBe(
      false,
    );
  });
});
