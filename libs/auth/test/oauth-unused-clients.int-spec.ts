import { randomBytes } from 'node:crypto';
import { UnusedClientSweeper } from '@cw/identity';
import {
  ageOAuthClients,
  expireAuthorizationCodesOf,
  oauthClientsWithPrefix,
  registeredOAuthClients,
  seedUnusedOAuthClients,
} from '@cw/identity/testing';
import {
  approveAuthorization,
  authorizeUrlOf,
  oauthTokenRequest,
  pkcePair,
  registerOAuthClient,
  signInTestPerson,
  type TestApp,
} from '@cw/testing';
import { DataSource } from 'typeorm';
import { startAuthTestApp } from './auth-test-app';

jest.setTimeout(60_000);

const REDIRECT = 'http://127.0.0.1:6274/oauth/callback';

describe('OAuth clients nobody signs in with are deleted (real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let db: DataSource;
  let sweeper: UnusedClientSweeper;

  beforeAll(async () => {
    server = await startAuthTestApp({ env: { OAUTH_UNUSED_CLIENT_HOURS: '24' } });
    db = server.app.get(DataSource);
    sweeper = server.app.get(UnusedClientSweeper);
  });
  afterAll(() => server.close());

  const age = (ids: string[], hours: number) => ageOAuthClients(db, ids, hours);
  const remaining = (ids: string[]) => registeredOAuthClients(db, ids);

  /** A browser approves the client: the code, not yet exchanged, and its verifier. */
  async function approve(clientId: string, cookie: string) {
    const pkce = pkcePair();
    const redirect = await approveAuthorization(
      server.baseUrl,
      cookie,
      authorizeUrlOf(server.baseUrl, {
        client_id: clientId,
        redirect_uri: REDIRECT,
        state: 's',
        code_challenge: pkce.challenge,
      }),
    );
    return { code: redirect.searchParams.get('code')!, verifier: pkce.verifier };
  }

  it('deletes a client unused for OAUTH_UNUSED_CLIENT_HOURS; keeps used ones, young ones and one with a code in flight', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: 'Sweep Co' });
    const [unused, used, inFlight, young] = await Promise.all(
      ['Unused', 'Used', 'In flight', 'Young'].map((name) =>
        registerOAuthClient(server.baseUrl, REDIRECT, name),
      ),
    );
    const signIn = await approve(used, person.cookie);
    const exchanged = await oauthTokenRequest(server.baseUrl, {
      grant_type: 'authorization_code',
      client_id: used,
      code: signIn.code,
      redirect_uri: REDIRECT,
      code_verifier: signIn.verifier,
    });
    expect(exchanged.status).toBe(200);
    // The used client's code is long spent: only its sign-in keeps it.
    await expireAuthorizationCodesOf(db, used);
    await approve(inFlight, person.cookie);
    await age([unused, used, inFlight], 25);
    await age([young], 23);

    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
    expect(await remaining([unused, used, inFlight, young])).toEqual(
      [used, inFlight, young].sort(),
    );
    // The used client still signs people in.
    expect((await approve(used, person.cookie)).code).toBeTruthy();
  });

  it('deletes at most 5,000 clients a pass, oldest first; the next pass takes the rest', async () => {
    const prefix = `cwc_sweep${randomBytes(6).toString('hex')}`;
    await seedUnusedOAuthClients(db, prefix, 5200, REDIRECT);
    const left = async (): Promise<number> => (await oauthClientsWithPrefix(db, prefix)).count;
    expect(await sweeper.sweep()).toBe(5000);
    expect(await left()).toBe(200);
    expect((await oauthClientsWithPrefix(db, prefix)).first).toBe(`${prefix}05001`);
    await sweeper.sweep();
    expect(await left()).toBe(0);
  });
});
