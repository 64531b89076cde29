import { createApiKey, createTestPage, RawConnection, requestHead } from '@cw/testing';
import { expectThat, type Drill } from './drill';

const ROUNDS = 10;
const OVERSIZED = 2 * 1024 * 1024;

interface Outcome {
  status: number;
  code?: string;
}

function outcomeOf(status: number, body: string): Outcome {
  try {
    return { status, code: (JSON.parse(body) as { error?: { code?: string } }).error?.code };
  } catch {
    return { status };
  }
}

export const oversizedBodiesDrill: Drill = {
  name: 'oversized-bodies',
  finding:
    'A body over the limit sometimes answers 503 instead of 413 and leaves the keep-alive connection wedged.',
  async run(drills) {
    const gateway = drills.gatewayUrl;
    const person = await drills.signIn();
    const token = await createApiKey(gateway, person.cookie, ['wiki:write']);
    const auth = { Authorization: `Bearer ${token}` };
    const declared: Outcome[] = [];
    const chunked: Outcome[] = [];
    let followUps = 0;

    for (let round = 0; round < ROUNDS; round += 1) {
      const connection = await RawConnection.open(gateway);
      connection.write(
        requestHead('POST', '/api/wiki/pages', {
          ...auth,
          'Content-Type': 'application/json',
          'Content-Length': OVERSIZED,
        }),
      );
      connection.write(Buffer.alloc(OVERSIZED, 0x20));
      connection.write(requestHead('GET', '/api/wiki/folders', auth));
      const first = await connection.response();
      declared.push(outcomeOf(first.status, first.body));
      if ((await connection.response()).status === 200) followUps += 1;

      connection.write(
        requestHead('POST', '/api/wiki/pages', {
          ...auth,
          'Content-Type': 'application/json',
          'Transfer-Encoding': 'chunked',
        }),
      );
      for (let sent = 0; sent <= OVERSIZED; sent += 65_536) {
        connection.write(`10000\r\n${' '.repeat(65_536)}\r\n`);
      }
      connection.write('0\r\n\r\n');
      connection.write(requestHead('GET', '/api/wiki/folders', auth));
      const cut = await connection.response();
      chunked.push(outcomeOf(cut.status, cut.body));
      if ((await connection.response()).status === 200) followUps += 1;
      connection.close();
    }

    // An upload route has a larger limit of its own (UPLOAD_BODY_LIMIT_BYTES): 12 MB is over it.
    const { page } = await createTestPage(
      gateway,
      { token },
      { title: 'Oversized', markdown: 'x' },
    );
    const upload = await RawConnection.open(gateway);
    const uploadSize = 12 * 1024 * 1024;
    upload.write(
      requestHead('POST', `/api/wiki/pages/${page.public_id}/files`, {
        ...auth,
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': uploadSize,
      }),
    );
    upload.write(Buffer.alloc(uploadSize, 0x78));
    upload.write(requestHead('GET', '/api/wiki/folders', auth));
    const uploadRefused = await upload.response();
    declared.push(outcomeOf(uploadRefused.status, uploadRefused.body));
    const uploadFollowUp = (await upload.response()).status;
    upload.close();

    const all413 = (outcomes: Outcome[]): boolean =>
      outcomes.every((outcome) => outcome.status === 413 && outcome.code === 'PAYLOAD_TOO_LARGE');
    const statuses = (outcomes: Outcome[]): string =>
      [...new Set(outcomes.map((outcome) => `${outcome.status} ${outcome.code ?? ''}`))].join(', ');
    expectThat(all413(declared), `a declared 2 MiB body answered ${statuses(declared)}`);
    expectThat(all413(chunked), `a chunked 2 MiB body answered ${statuses(chunked)}`);
    expectThat(
      followUps === 2 * ROUNDS && uploadFollowUp === 200,
      `after a 413 the next request on the same connection answered ${followUps} of ${2 * ROUNDS} times, after the upload ${uploadFollowUp}`,
    );
    return [
      `${ROUNDS} × 2 MiB with Content-Length, and a 12 MB upload: ${statuses(declared)} every time, refused from the headers`,
      `${ROUNDS} × 2 MiB chunked: ${statuses(chunked)} every time, as soon as the limit was crossed`,
      `after each 413 the next request on the same keep-alive connection answered 200: ${followUps + 1}/${2 * ROUNDS + 1}`,
    ];
  },
};
