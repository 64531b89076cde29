import { call, createApiKey, createTestPage, RawConnection, requestHead } from '@cw/testing';
import { expectThat, type Drill } from './drill';

const TRICKLERS = 500;
/** One in ten trickling clients sends a made-up token: only the service could refuse it. */
const WITH_TOKEN_EVERY = 10;
const PROMPT_MS = 5_000;

async function timed(url: string, init: RequestInit = {}): Promise<{ status: number; ms: number }> {
  const began = Date.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  await response.arrayBuffer();
  return { status: response.status, ms: Date.now() - began };
}

export const slowBodiesDrill: Drill = {
  name: 'slow-bodies',
  finding:
    'Connections trickling a POST /api/wiki/pages body without a credential starve every wiki and public-link request.',
  async run(drills) {
    const gateway = drills.gatewayUrl;
    const person = await drills.signIn();
    const token = await createApiKey(gateway, person.cookie, ['wiki:write']);
    const { page } = await createTestPage(gateway, { token }, { title: 'Slow', markdown: 'x' });
    const link = await call<{ url: string }>(
      gateway,
      'POST',
      `/api/wiki/pages/${page.public_id}/share-links`,
      { cookie: person.cookie },
    );

    const began = Date.now();
    const clients = await Promise.all(
      Array.from({ length: TRICKLERS }, async (_unused, index) => {
        const connection = await RawConnection.open(gateway);
        const withToken = index % WITH_TOKEN_EVERY === 0;
        connection.write(
          requestHead('POST', '/api/wiki/pages', {
            ...(withToken ? { Authorization: 'Bearer cwk_made-up-token' } : {}),
            'Content-Type': 'application/json',
            'Content-Length': 100_000,
          }),
        );
        return { connection, withToken };
      }),
    );
    const trickle = setInterval(() => {
      for (const { connection } of clients) connection.write('{');
    }, 500);
    try {
      const anonymous = clients.filter((client) => !client.withToken);
      const refusals = await Promise.all(
        anonymous.map(async ({ connection }) => (await connection.response(30_000)).status),
      );
      const refusedMs = Date.now() - began;
      expectThat(
        refusals.every((status) => status === 401),
        `anonymous trickles answered ${[...new Set(refusals)].join(', ')} instead of 401`,
      );
      const rounds: { status: number; ms: number }[][] = [];
      for (let round = 0; round < 3; round += 1) {
        rounds.push(
          await Promise.all([
            timed(`${gateway}/api/wiki/pages/${page.public_id}`, {
              headers: { authorization: `Bearer ${token}` },
            }),
            timed(`${gateway}${link.body.url}`),
            timed(`${gateway}/health`),
            timed(`${gateway}/api/wiki/pages/upserts`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ title: `Slow ${round}`, markdown: 'still served' }),
            }),
          ]),
        );
      }
      const names = ['wiki read', 'public link', 'health', 'page upsert'];
      const summary = names.map((name, index) => {
        const answers = rounds.map((round) => round[index]);
        return `${name} ${answers.map((answer) => answer.status).join('/')} (slowest ${Math.max(...answers.map((answer) => answer.ms))} ms)`;
      });
      const stillTrickling = clients.filter(
        (client) => client.withToken && !client.connection.isClosed,
      ).length;
      expectThat(
        rounds.every((round) =>
          round.every((answer) => answer.status === 200 && answer.ms < PROMPT_MS),
        ),
        `while ${TRICKLERS} clients trickle bodies: ${summary.join(', ')}`,
      );
      return [
        `${TRICKLERS} connections trickling a body: ${anonymous.length} without a credential, ${clients.length - anonymous.length} with a made-up token`,
        `all ${anonymous.length} without a credential refused with 401 before any body was read (within ${refusedMs} ms)`,
        `meanwhile, three rounds: ${summary.join(', ')}`,
        `${stillTrickling} token-bearing bodies still being received by the gateway, none holding a wiki-service connection (each is cut with 408 at REQUEST_TIMEOUT_MS)`,
      ];
    } finally {
      clearInterval(trickle);
      for (const { connection } of clients) connection.close();
    }
  },
};
