import { fakeRevocationChannel } from '../testing/fake-revocation-channel';
import { RevocableCache } from './revocable-cache';

interface Grant {
  personId: string;
  live: boolean;
}

function cacheWith(maxEntries = 10) {
  const { channel, announce, setVouches } = fakeRevocationChannel();
  const cache = new RevocableCache<string, Grant>(channel, {
    maxEntries,
    holderOf: (grant) => (grant.live ? { credentialId: 'none', personId: grant.personId } : null),
  });
  const reads: string[] = [];
  const read = (key: string, grant: Grant) => () => {
    reads.push(key);
    return Promise.resolve(grant);
  };
  return { cache, reads, read, setVouches, announce };
}

const alice: Grant = { personId: 'alice', live: true };
const nobody: Grant = { personId: 'nobody', live: false };

describe('RevocableCache', () => {
  it('serves what it read until a revocation of it arrives', async () => {
    const { cache, reads, read, announce } = cacheWith();
    await cache.subscribe();
    await cache.get('a', read('a', alice));
    await cache.get('a', read('a', alice));
    announce({ type: 'person', personId: 'someone else' });
    await cache.get('a', read('a', alice));
    expect(reads).toEqual(['a']);
    announce({ type: 'person', personId: 'alice' });
    await cache.get('a', read('a', alice));
    expect(reads).toEqual(['a', 'a']);
  });

  it('reads a granting value again while the channel cannot vouch, keeps one that grants nothing', async () => {
    const { cache, reads, read, setVouches } = cacheWith();
    await cache.subscribe();
    await cache.get('a', read('a', alice));
    await cache.get('n', read('n', nobody));
    setVouches(false);
    await cache.get('a', read('a', alice));
    await cache.get('n', read('n', nobody));
    expect(reads).toEqual(['a', 'n', 'a']);
  });

  it('does not keep a read that overlapped a revocation', async () => {
    const { cache, reads, announce } = cacheWith();
    await cache.subscribe();
    await cache.get('a', () => {
      reads.push('a');
      announce({ type: 'person', personId: 'alice' });
      return Promise.resolve(alice);
    });
    await cache.get('a', () => {
      reads.push('a');
      return Promise.resolve(alice);
    });
    expect(reads).toEqual(['a', 'a']);
  });

  it('reads again on refresh, and starts over when full', async () => {
    const { cache, reads, read } = cacheWith(2);
    await cache.subscribe();
    await cache.get('a', read('a', alice));
    await cache.refresh('a', read('a', alice));
    await cache.get('b', read('b', alice));
    await cache.get('c', read('c', alice));
    await cache.get('c', read('c', alice));
    await cache.get('a', read('a', alice));
    expect(reads).toEqual(['a', 'a', 'b', 'c', 'a']);
  });
});
