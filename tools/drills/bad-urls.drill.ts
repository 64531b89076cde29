import { createApiKey, RawConnection, requestHead } from '@cw/testing';
import { expectThat, type Drill } from './drill';

interface Case {
  what: string;
  /** The request as written on the wire. */
  request: (auth: Record<string, string>) => string;
  statuses: number[];
}

const CASES: Case[] = [
  {
    what: 'malformed escape in a proxied query (?a=%ff)',
    request: (auth) => requestHead('GET', '/api/wiki/search?q=%ff', auth),
    statuses: [400],
  },
  {
    what: 'malformed escape in a workflow query',
    request: (auth) => requestHead('GET', '/api/workflows?a=%ff', auth),
    statuses: [400],
  },
  {
    what: 'bad URL encoding in a path (/api/wiki/pages/%C0%AE)',
    request: (auth) => requestHead('GET', '/api/wiki/pages/%C0%AE', auth),
    statuses: [400],
  },
  {
    what: '..%2F in a public-link path',
    request: () => requestHead('GET', '/public/pages/..%2F..%2Fapi%2Fwiki%2Fpages'),
    statuses: [400, 404],
  },
  {
    what: 'a path parameter over 200 characters',
    request: (auth) => requestHead('GET', `/api/wiki/pages/${'a'.repeat(300)}`, auth),
    statuses: [414],
  },
  {
    what: 'a header line without a colon',
    request: () => 'GET /api/wiki/pages/1 HTTP/1.1\r\nHost: localhost\r\nno colon\r\n\r\n',
    statuses: [400],
  },
];

export const badUrlsDrill: Drill = {
  name: 'bad-urls',
  finding:
    'URL-level bad input answers 500 or leaves the envelope and X-Request-Id out: ?a=%ff, %C0%AE in a path, ..%2F in a public link, an over-long path parameter.',
  async run(drills) {
    const person = await drills.signIn();
    const token = await createApiKey(drills.gatewayUrl, person.cookie, [
      'wiki:read',
      'workflows:read',
    ]);
    const auth = { Authorization: `Bearer ${token}` };
    const observations: string[] = [];
    for (const each of CASES) {
      const connection = await RawConnection.open(drills.gatewayUrl);
      connection.write(each.request(auth));
      const answer = await connection.response();
      connection.close();
      let envelope: { success?: boolean; error?: { code?: string; request_id?: string } } = {};
      try {
        envelope = JSON.parse(answer.body) as typeof envelope;
      } catch {
        // not JSON: reported below
      }
      const requestId = answer.headers['x-request-id'];
      expectThat(
        each.statuses.includes(answer.status) &&
          envelope.success === false &&
          requestId !== undefined &&
          envelope.error?.request_id === requestId,
        `${each.what}: ${answer.status}, X-Request-Id ${requestId ?? 'missing'}, body ${answer.body.slice(0, 160)}`,
      );
      observations.push(
        `${each.what}: ${answer.status} ${envelope.error?.code} in the envelope, X-Request-Id ${requestId}`,
      );
    }
    return observations;
  },
};
