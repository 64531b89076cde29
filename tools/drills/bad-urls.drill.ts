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
    what: '..%252F (encoded twice) in a public-link path, without a credential',
    request: () => requestHead('GET', '/public/pages/..%252F..%252Fapi%252Fwiki%252Fpages'),
    statuses: [400],
  },
  {
    what: 'mixed-encoded dot segments in a write (%2e%2E%2f, .%2e/, %252e%252e%252f, ..%5C)',
    request: (auth) =>
      requestHead('POST', '/api/wiki/pages/%2e%2E%2f.%2e%2F%252e%252e%252f..%5C/appends', {
        ...auth,
        'Content-Type': 'application/json',
        'Content-Length': 2,
      }) + '{}',
    statuses: [400],
  },
  {
    what: 'overlong UTF-8 dots, encoded twice (%25c0%25ae%25c0%25ae%252f)',
    request: (auth) => requestHead('GET', '/api/wiki/pages/%25c0%25ae%25c0%25ae%252f', auth),
    statuses: [400],
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
    'URL-level bad input answers 500 or leaves the envelope and X-Request-Id out: ?a=%ff, %C0%AE in a path, ..%2F or ..%252F (encoded twice) in a public link, mixed-encoded dot segments, an over-long path parameter.',
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
