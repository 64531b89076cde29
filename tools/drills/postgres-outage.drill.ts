import { call, createTestPage, type HttpResult } from '@cw/testing';
import { expectThat, type Drill } from './drill';

/** Pools reconnect on the next request once PostgreSQL answers; a loaded machine is slow to start it. */
const BACK_WITHIN_MS = 60_000;

interface Probe {
  what: string;
  send(): Promise<HttpResult>;
  /** The status it answers while the database is up. */
  ok: number;
}

function describeAnswer(result: HttpResult): string {
  const error = (result.body as { error?: { code?: string } } | undefined)?.error;
  const retryAfter = result.headers.get('retry-after');
  return `${result.status}${error?.code ? ` ${error.code}` : ''}${retryAfter ? ` Retry-After: ${retryAfter}` : ''}`;
}

export const postgresOutageDrill: Drill = {
  name: 'postgres-outage',
  finding:
    'With PostgreSQL down every route answers 500 "a write may already have happened", though the connection was refused before anything was sent.',
  async run(drills) {
    const gateway = drills.gatewayUrl;
    const person = await drills.signIn();
    const cookie = person.cookie;
    const { page } = await createTestPage(gateway, { cookie }, { title: 'Outage', markdown: 'x' });
    const newPage = { title: `During ${Date.now()}`, markdown: 'x', path: '/Company' };
    const probes: Probe[] = [
      {
        what: 'wiki read (GET /api/wiki/pages/{id})',
        send: () => call(gateway, 'GET', `/api/wiki/pages/${page.public_id}`, { cookie }),
        ok: 200,
      },
      {
        what: 'wiki write (POST /api/wiki/pages)',
        send: () => call(gateway, 'POST', '/api/wiki/pages', { cookie, body: newPage }),
        ok: 201,
      },
      {
        what: 'workflows read (GET /api/workflows)',
        send: () => call(gateway, 'GET', '/api/workflows', { cookie }),
        ok: 200,
      },
      {
        what: "the gateway's own read (GET /api/auth/api-keys)",
        send: () => call(gateway, 'GET', '/api/auth/api-keys', { cookie }),
        ok: 200,
      },
    ];

    await drills.stopPostgres();
    const observations: string[] = ['PostgreSQL stopped'];
    try {
      for (const probe of probes) {
        const answer = await probe.send();
        const code = (answer.body as { error?: { code?: string } }).error?.code;
        expectThat(
          answer.status === 503 &&
            code === 'SERVICE_UNAVAILABLE' &&
            Number(answer.headers.get('retry-after')) > 0,
          `${probe.what} answered ${describeAnswer(answer)} with PostgreSQL down: ${answer.text}`,
        );
        observations.push(`${probe.what}: ${describeAnswer(answer)}`);
      }
    } finally {
      await drills.startPostgres();
    }

    const began = Date.now();
    observations.push('PostgreSQL started again');
    for (const probe of probes) {
      let answer = await probe.send();
      while (answer.status !== probe.ok && Date.now() - began < BACK_WITHIN_MS) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        answer = await probe.send();
      }
      expectThat(
        answer.status === probe.ok,
        `${probe.what} answered ${describeAnswer(answer)} ${BACK_WITHIN_MS / 1000} s after PostgreSQL came back`,
      );
      observations.push(`${probe.what}: ${describeAnswer(answer)}`);
    }
    return observations;
  },
};
