import type { ResolvedCredential } from '@cw/domain';
import type { CredentialService } from '@cw/identity';
import { fakeRevocationChannel } from '@cw/queue/testing';
import { CredentialResolver } from './credential.resolver';

const key: ResolvedCredential = {
  kind: 'api_key',
  id: 'key-1',
  personId: 'person-1',
  companyId: 'company-1',
  role: 'member',
  teamIds: [],
  scopes: ['wiki:read'],
};

function resolverWith(database: Map<string, ResolvedCredential>) {
  const reads: string[] = [];
  let readStarted: () => void = () => undefined;
  const credentials = {
    resolve: (token: string) => {
      reads.push(token);
      readStarted();
      return Promise.resolve(database.get(token) ?? null);
    },
  } as unknown as CredentialService;
  const { channel, announce, setVouches } = fakeRevocationChannel();
  const resolver = new CredentialResolver(credentials, channel);
  return {
    resolver,
    reads,
    setVouches,
    announce,
    onRead: (hook: () => void) => (readStarted = hook),
  };
}

describe('CredentialResolver', () => {
  it('serves a live credential from its cache while the revocation channel vouches', async () => {
    const { resolver, reads } = resolverWith(new Map([['cwk_a', key]]));
    await resolver.onModuleInit();
    expect(await resolver.resolve('cwk_a')).toEqual(key);
    expect(await resolver.resolve('cwk_a')).toEqual(key);
    expect(reads).toEqual(['cwk_a']);
  });

  it('reads the database for every request while the channel cannot vouch (Redis away)', async () => {
    const database = new Map([['cwk_a', key]]);
    const { resolver, reads, setVouches } = resolverWith(database);
    await resolver.onModuleInit();
    expect(await resolver.resolve('cwk_a')).toEqual(key);
    setVouches(false);
    database.delete('cwk_a');
    expect(await resolver.resolve('cwk_a')).toBeNull();
    expect(reads).toEqual(['cwk_a', 'cwk_a']);
  });

  it('keeps an unknown token cached even then: it cannot become valid', async () => {
    const { resolver, reads, setVouches } = resolverWith(new Map());
    await resolver.onModuleInit();
    setVouches(false);
    expect(await resolver.resolve('cwk_nope')).toBeNull();
    expect(await resolver.resolve('cwk_nope')).toBeNull();
    expect(reads).toEqual(['cwk_nope']);
  });

  it('evicts on a broadcast revocation, and does not cache a read that overlapped one', async () => {
    const database = new Map([['cwk_a', key]]);
    const { resolver, reads, announce, onRead } = resolverWith(database);
    await resolver.onModuleInit();
    await resolver.resolve('cwk_a');
    announce({ type: 'credential', credentialId: 'key-1' });
    onRead(() => announce({ type: 'person', personId: 'person-1' }));
    expect(await resolver.resolve('cwk_a')).toEqual(key);
    onRead(() => undefined);
    database.delete('cwk_a');
    expect(await resolver.resolve('cwk_a')).toBeNull();
    expect(reads).toEqual(['cwk_a', 'cwk_a', 'cwk_a']);
  });
});
